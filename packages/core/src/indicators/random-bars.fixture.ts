/** Seeded OHLC bars for the indicator tests: a WIN-like random walk around 120,000 points. */
export interface Bars {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
}

/** mulberry32: a small, fast, seeded PRNG in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` bars: each close is the previous close plus a Gaussian step (σ = `step` points), the
 * high and low reach past both open and close by a random wick. `tick` > 0 rounds every price to
 * that tick (WIN trades in 5-point ticks), which makes ties between bars common.
 */
export function randomBars(count: number, seed: number, step = 40, tick = 0): Bars {
  const random = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const round = (x: number) => (tick > 0 ? Math.round(x / tick) * tick : x);
  const bars: Bars = {
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
  };
  let previous = 120_000;
  for (let i = 0; i < count; i++) {
    const open = round(previous + gauss() * step * 0.1);
    const close = round(open + gauss() * step);
    bars.open[i] = open;
    bars.close[i] = close;
    bars.high[i] = round(Math.max(open, close) + random() * step * 0.5);
    bars.low[i] = round(Math.min(open, close) - random() * step * 0.5);
    previous = close;
  }
  return bars;
}
