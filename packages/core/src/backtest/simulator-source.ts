import type { Bar, Timeframe } from '../bridge/mt5-records.schema.js';
import { aggregateBars } from '../market/aggregate-bars.js';
import { simulatedM1Bars } from '../sim-market/minute-bars.js';

/** A simulated market to backtest over: [from, to) in epoch ms, drawn from `seed`. */
export interface SimulatorRange {
  seed: number;
  from: number;
  to: number;
}

/** The simulator's M1 bars over the range, folded into the configuration's timeframe. */
export function simulatorBacktestBars(range: SimulatorRange, timeframe: Timeframe): Bar[] {
  const m1 = simulatedM1Bars(range);
  return timeframe === 'M1' ? m1 : aggregateBars(m1, timeframe);
}
