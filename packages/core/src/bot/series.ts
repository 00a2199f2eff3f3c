import { currentWinSeries, currentWinSymbol } from '../market/win-series.js';
import { localDayStart } from '../trading/calendar-window.js';
import { MS_PER_DAY } from '../trading/constants.js';
import type { BotConfig } from './config.schema.js';

/**
 * The symbol a configuration stores to follow the current mini-index series ("série vigente"):
 * resolved to WINxNN from B3's calendar wherever the bot, the backtest or a screen uses it, so it
 * rolls by itself at each expiry. A sentinel rather than a flag keeps the spec's payload (a
 * symbol string) and survives a round trip through a client that knows nothing of it; B3 brokers'
 * MT5 use the same name for the continuous mini-index, and it is never sent to a terminal.
 */
export const CURRENT_SERIES_SYMBOL = 'WIN$';

export const isCurrentSeries = (symbol: string): boolean => symbol === CURRENT_SERIES_SYMBOL;

const WIN_SERIES = /^WIN[GJMQVZ]\d\d$/;

/**
 * The symbol to trade at an instant: for the sentinel the current WIN series by B3's calendar,
 * unless the terminal names what it offers and that has exactly one WIN series other than it (a
 * simulator whose clock is set to another date trades the series of its own day); else itself.
 */
export function resolveBotSymbol(
  symbol: string,
  now: Date | number,
  offered?: readonly string[],
): string {
  if (!isCurrentSeries(symbol)) return symbol;
  const current = currentWinSymbol(now);
  const series = offered?.filter((s) => WIN_SERIES.test(s)) ?? [];
  return series.length === 1 && !series.includes(current) ? (series[0] ?? current) : current;
}

/** The configuration with its symbol resolved at an instant. */
export function withResolvedSymbol(config: BotConfig, now: Date | number): BotConfig {
  const symbol = resolveBotSymbol(config.general.symbol, now);
  return symbol === config.general.symbol
    ? config
    : { ...config, general: { ...config.general, symbol } };
}

/** One stretch of a continuous series: a symbol and the epoch-ms span it was current. */
export interface SeriesSpan {
  readonly symbol: string;
  readonly from: number;
  readonly to: number;
}

/**
 * The series a symbol meant over [from, to] (epoch ms), oldest first: for the sentinel, each WIN
 * series over the days it was current (cut at the São Paulo midnight after its expiry), so stored
 * bars of several contracts read as one history; for a fixed symbol, itself over the whole span.
 */
export function seriesSpans(symbol: string, from: number, to: number): SeriesSpan[] {
  if (!isCurrentSeries(symbol)) return [{ symbol, from, to }];
  const spans: SeriesSpan[] = [];
  let at = from;
  while (at <= to) {
    const series = currentWinSeries(at);
    // The expiry day ends at the next São Paulo midnight.
    const end = localDayStart(Date.parse(series.expiry) / MS_PER_DAY + 1) - 1;
    spans.push({ symbol: series.symbol, from: at, to: Math.min(end, to) });
    at = end + 1;
  }
  return spans;
}
