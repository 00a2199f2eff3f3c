import { currentWinSymbol, type Mt5Deal } from '@vortex/core';
import type { Mt5Source } from '../agent/mt5-source.js';
import { createSimSource } from '../agent/sim-source.js';
import type { SimAccountProfile } from '../sim/index.js';
import type { ReferenceTraderOptions } from '../sim/reference-trader.js';

export interface SimMarketOptions {
  seed: string;
  historyDays: number;
  speed: number;
  now?: () => number;
  /** The simulated instant the terminal starts at, epoch ms; the wall clock's now by default. */
  start?: number | undefined;
  /** A reference trader that trades every few minutes instead of a few times a day. */
  active?: boolean | undefined;
  /** Another kind of account than the BRL netting one (hedging, USD, fees, deposits). */
  account?: SimAccountProfile | undefined;
}

/**
 * For load and fault tests: the M5 close crossing its 2-bar EMA, with near stops and targets,
 * makes a deal every ten simulated minutes or so (the usual 9/21 crossover, a few a day).
 */
export const ACTIVE_TRADER: Partial<ReferenceTraderOptions> = {
  fast: 1,
  slow: 2,
  stopPoints: 30,
  takePoints: 30,
};

/**
 * The terminal's side of the simulator: the `sim` adapter's source, plus the terminal's own deal
 * history, which (unlike the agent's outbox) keeps every deal for as long as the terminal runs.
 */
export interface SimMarket {
  readonly source: Mt5Source;
  /** The one symbol the terminal trades, as MT5's SymbolSelect would find it. */
  readonly symbol: string;
  /** Every deal so far, in ticket order. */
  readonly deals: readonly Mt5Deal[];
  /** Runs the market up to now; returns the deals it made since the last call. */
  advance(): Mt5Deal[];
}

export function openSimMarket(opts: SimMarketOptions): SimMarket {
  const wall = opts.now ?? Date.now;
  const wallStart = wall();
  // A start given moves the whole simulated clock there; it still runs at `speed` from then on.
  const clock = opts.start === undefined ? wall : () => (opts.start ?? 0) + (wall() - wallStart);
  let startedAt: number | undefined;
  const source = createSimSource({
    seed: opts.seed,
    historyDays: opts.historyDays,
    speed: opts.speed,
    ...(opts.active ? { trader: ACTIVE_TRADER } : {}),
    ...(opts.account ? { account: opts.account } : {}),
    now: () => {
      const t = clock();
      startedAt ??= t;
      return t;
    },
  });
  // The source backfills up to its first reading of the clock and, as the backfill does by
  // default, trades the WIN contract of that moment.
  const symbol = currentWinSymbol(startedAt ?? clock());
  const deals: Mt5Deal[] = [];
  const advance = (): Mt5Deal[] => {
    const fresh = source.poll(deals.at(-1)?.ticket ?? 0);
    for (const deal of fresh) deals.push(deal);
    return fresh;
  };
  advance();
  return { source, symbol, deals, advance };
}
