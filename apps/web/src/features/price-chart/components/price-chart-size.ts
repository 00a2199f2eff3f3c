/** The chart's height, shared by the canvas and the placeholders that stand in for it. */
export const PRICE_CHART_HEIGHT = 320;
