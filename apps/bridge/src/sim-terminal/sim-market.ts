import { winSymbolFor, type Mt5Deal } from '@vortex/core';
import type { Mt5Source } from '../agent/mt5-source.js';
import { createSimSource } from '../agent/sim-source.js';

export interface SimMarketOptions {
  seed: string;
  historyDays: number;
  speed: number;
  now?: () => number;
}

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
  const clock = opts.now ?? Date.now;
  let startedAt: number | undefined;
  const source = createSimSource({
    seed: opts.seed,
    historyDays: opts.historyDays,
    speed: opts.speed,
    now: () => {
      const t = clock();
      startedAt ??= t;
      return t;
    },
  });
  // The source backfills up to its first reading of the clock and, as the backfill does by
  // default, trades the WIN contract of that moment.
  const symbol = winSymbolFor(startedAt ?? clock());
  const deals: Mt5Deal[] = [];
  const advance = (): Mt5Deal[] => {
    const fresh = source.poll(deals.at(-1)?.ticket ?? 0);
    for (const deal of fresh) deals.push(deal);
    return fresh;
  };
  advance();
  return { source, symbol, deals, advance };
}
