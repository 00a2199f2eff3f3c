import { TRADES_SCREEN_PROFIT_FACTOR_CAP } from './constants.js';

/**
 * Gross profit / |gross loss|. Infinity with profit and no loss; 0 with neither, so an
 * empty period never yields NaN.
 */
export function profitFactor(grossProfit: number, grossLoss: number): number {
  const loss = Math.abs(grossLoss);
  if (loss === 0) return grossProfit > 0 ? Number.POSITIVE_INFINITY : 0;
  return grossProfit / loss;
}

/** Trades screen rule: a profit factor above 999 is treated (and shown) as ∞. */
export function tradesScreenProfitFactor(value: number): number {
  return value > TRADES_SCREEN_PROFIT_FACTOR_CAP ? Number.POSITIVE_INFINITY : value;
}
