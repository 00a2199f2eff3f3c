import { type Bar, type PriceModel, currentWinSymbol, SessionCalendar } from '@vortex/core';
import { ReferenceTrader, type ReferenceTraderOptions } from './reference-trader.js';
import type { BalanceDealType, MarginModeName } from './retcodes.js';
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
  /** The account's kind: margin mode, currency, fees and its deposits and withdrawals. */
  readonly account?: SimAccountProfile;
}

/** A balance operation of the history, on the morning of its trading day. */
export interface ScheduledOperation {
  /** Trading days after the first one of the history (0 is its first day, 1 its second). */
  readonly day: number;
  /** Positive deposits, negative withdraws. */
  readonly amount: number;
  readonly type?: BalanceDealType;
  readonly comment?: string;
}

/** How the simulated account differs from the default BRL netting one with no fees. */
export interface SimAccountProfile {
  readonly marginMode?: MarginModeName;
  readonly currency?: string;
  /** DEAL_FEE per contract per side. */
  readonly feePerContract?: number;
  /**
   * Balance operations: when given (even empty), the history opens with a deposit of the
   * initial balance (a deal, as MT5's does) and these follow, before their day's session opens.
   */
  readonly operations?: readonly ScheduledOperation[];
}

/** Balance operations are booked this long before their session opens. */
const BEFORE_OPEN = 30 * 60_000;

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
  const profile = options.account ?? {};
  const simulator = createSimulator({
    ...(profile.marginMode === undefined ? {} : { marginMode: profile.marginMode }),
    ...(profile.currency === undefined ? {} : { currency: profile.currency }),
    ...(profile.feePerContract === undefined ? {} : { feePerContract: profile.feePerContract }),
    ...(profile.operations === undefined ? {} : { openingDeposit: true }),
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
  let day = 0;
  while (time < endTime) {
    const session = calendar.nextSession(time);
    if (session.open >= endTime) break;
    const stop = Math.min(session.close, endTime);
    const due = (profile.operations ?? []).filter((op) => op.day === day);
    if (due.length > 0) {
      step(session.open - BEFORE_OPEN);
      for (const { day: _day, ...op } of due) simulator.bookBalance(op);
    }
    day++;
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
