/** The retracement ratios, as fractions: 0, 23.6 %, 38.2 %, 50 %, 61.8 %, 78.6 %, 100 %. */
export const FIBONACCI_RATIOS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

/** One retracement level: `level` is the ratio as a fraction (0.618 for 61.8 %). */
export interface FibonacciLevel {
  level: number;
  price: number;
}

/**
 * Retracement levels between a swing high and a swing low, measured down from the high: level 0
 * is the high, level 1 the low (exactly), 0.5 the midpoint. For a retracement of a down move
 * (measured up from the low) read level r as 1 − r. Swapped inputs are taken as given.
 */
export function fibonacciLevels(swingHigh: number, swingLow: number): FibonacciLevel[] {
  return FIBONACCI_RATIOS.map((level) => ({
    level,
    price: swingHigh * (1 - level) + swingLow * level,
  }));
}
