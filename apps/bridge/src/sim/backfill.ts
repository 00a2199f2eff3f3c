import { type Bar, type PriceModel, currentWinSymbol, SessionCalendar } from '@vortex/core';
import { ReferenceTrader, type ReferenceTraderOptions } from './reference-trader.js';
import { createSimulator, type Simulator } from './simulator.js';
import type { AccountInfo, SimDeal } from './types.js';

export interface BackfillOptions {
  readonly seed: number | string;
  /** Trading days of history, counting the one open at `endTime` (SIM_HISTORY_DAYS). */
  readonly days?: number;
  /** Epoch ms the history runs up to, usually the bridge's first start. */
  readonly endTime: number;
  /** Defaults to the contract trading at `endTime`. */
  readonly symbol?: string;
  readonly initialBalance?: number;
  readonly commission?: number;
  readonly priceModel?: Partial<PriceModel>;
  readonly trader?: Partial<ReferenceTraderOptions>;
}

export interface BackfillResult {
  /** At `endTime`, ready for the driver to keep advancing in real time. */
  readonly simulator: Simulator;
  /**
   * Keep calling `trader.onStep` after each `advanceTo` to let it go on trading, or drop it: a
   * position it left open at `endTime` still carries its SL and TP.
   */
  readonly trader: ReferenceTrader;
  readonly startTime: number;
  readonly deals: SimDeal[];
  readonly account: AccountInfo;
  /** Every M1 bar of the history. */
  readonly bars: Bar[];
  readonly ticks: number;
}

const MINUTE = 60_000;

/**
 * Replays the last `days` trading days with the reference trader acting at every minute
 * boundary. Same seed and endTime, same history.
 */
export function backfill(options: BackfillOptions): BackfillResult {
  const { endTime } = options;
  const calendar = new SessionCalendar();
  const startTime = calendar.sessionsBack(endTime, options.days ?? 90).open;
  const simulator = createSimulator({
    seed: options.seed,
    startTime,
    symbol: options.symbol ?? currentWinSymbol(endTime),
    ...(options.initialBalance === undefined ? {} : { initialBalance: options.initialBalance }),
    ...(options.commission === undefined ? {} : { commission: options.commission }),
    ...(options.priceModel === undefined ? {} : { priceModel: options.priceModel }),
  });
  const trader = new ReferenceTrader(options.trader);
  let ticks = 0;
  const step = (time: number): void => {
    const result = simulator.advanceTo(time);
    ticks += result.tickCount;
    trader.onStep(simulator, result);
  };
  let time = startTime;
  while (time < endTime) {
    const session = calendar.nextSession(time);
    if (session.open >= endTime) break;
    const stop = Math.min(session.close, endTime);
    // Closed hours cost nothing: jump to the open, then walk the session minute by minute.
    for (let t = Math.floor(session.open / MINUTE) * MINUTE + MINUTE; t <= stop; t += MINUTE) {
      step(t);
    }
    time = session.close;
  }
  step(endTime);
  return {
    simulator,
    trader,
    startTime,
    deals: simulator.deals(),
    account: simulator.account(),
    bars: simulator.bars('M1'),
    ticks,
  };
}
