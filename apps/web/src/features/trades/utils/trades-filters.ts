import {
  lastDaysWindow,
  profitFactor,
  tradesScreenProfitFactor,
  type ClosedPositionRecord,
  type TradesTotals,
} from '@vortex/core';
import { z } from 'zod';
import { dayEndExclusiveMs, dayStartMs } from './day-bounds';

/** trading.md §9: 10 trades per page, a 365-day window when no start date is chosen. */
export const TRADES_PAGE_SIZE = 10;
export const DEFAULT_WINDOW_DAYS = 365;
/** §2: the magic filter offers the 2 most frequent magic numbers. */
export const MAGIC_OPTIONS = 2;

const dateText = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]);

/** What the screen keeps in local storage (§2: magic, dates, sort and page persist). */
export const TradesFiltersSchema = z.object({
  magic: z.number().int().nonnegative().nullable().catch(null),
  startDate: dateText.catch(''),
  endDate: dateText.catch(''),
  sort: z.enum(['desc', 'asc']).catch('desc'),
  page: z.number().int().min(1).catch(1),
  /** 'Todo o histórico' (issue 26): no start date, from the account's first deal. */
  all: z.literal(true).optional().catch(undefined),
});
export type TradesFilters = z.infer<typeof TradesFiltersSchema>;

export const DEFAULT_FILTERS: TradesFilters = {
  magic: null,
  startDate: '',
  endDate: '',
  sort: 'desc',
  page: 1,
};

/** Stored filters, field by field: one bad field falls back alone, a bad blob to the defaults. */
export function parseStoredFilters(text: string | null): TradesFilters {
  if (!text) return DEFAULT_FILTERS;
  try {
    const parsed = TradesFiltersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_FILTERS;
  } catch {
    return DEFAULT_FILTERS;
  }
}

/** The close-time window [from, to) the dates select; `to` is null for "up to now". */
export interface TimeWindow {
  from: number;
  to: number | null;
}

/** Whether the window reaches back to the history's start: asked for, or an old account's default. */
export function wholeHistory(filters: TradesFilters, oldAccount = false): boolean {
  return filters.startDate === '' && (filters.all === true || oldAccount);
}

/**
 * Start of the chosen day, else of the whole history ('Todo o histórico', or by default for an
 * account whose last deal is older than the default window), else of the last 365 calendar
 * days as every screen counts them (stable all day: one cache entry).
 */
export function timeWindowOf(filters: TradesFilters, now: number, oldAccount = false): TimeWindow {
  const from =
    dayStartMs(filters.startDate) ??
    (wholeHistory(filters, oldAccount) ? 0 : lastDaysWindow(DEFAULT_WINDOW_DAYS, now).from);
  return { from, to: dayEndExclusiveMs(filters.endDate) };
}

/** Both dates chosen, the end before the start: the range the server would refuse. */
export function datesInverted(filters: Pick<TradesFilters, 'startDate' | 'endDate'>): boolean {
  return filters.startDate !== '' && filters.endDate !== '' && filters.endDate < filters.startDate;
}

/** The `limit` most frequent magics, ties broken by the smaller number so the order is stable. */
export function topMagics(
  trades: readonly ClosedPositionRecord[],
  limit = MAGIC_OPTIONS,
): number[] {
  const counts = new Map<number, number>();
  for (const trade of trades) counts.set(trade.magic, (counts.get(trade.magic) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([magic]) => magic);
}

/** The rows the table shows, all pages: in the window, of the magic, sorted by close time. */
export function applyFilters(
  trades: readonly ClosedPositionRecord[],
  filters: TradesFilters,
  window: TimeWindow,
): ClosedPositionRecord[] {
  const rows = trades.filter(
    (t) =>
      t.close_time >= window.from &&
      (window.to === null || t.close_time < window.to) &&
      (filters.magic === null || t.magic === filters.magic),
  );
  const direction = filters.sort === 'asc' ? 1 : -1;
  // Ties on the close time keep a fixed order (position id, then round trip): pages never shuffle.
  return rows.sort(
    (a, b) =>
      direction * (a.close_time - b.close_time) ||
      direction * a.position_id.localeCompare(b.position_id, 'en', { numeric: true }) ||
      direction * (a.round_trip - b.round_trip),
  );
}

export function pageCount(rows: number): number {
  return Math.max(1, Math.ceil(rows / TRADES_PAGE_SIZE));
}

/** The page shown: the stored one, pulled back when the rows no longer reach it. */
export function clampPage(page: number, rows: number): number {
  return Math.min(Math.max(1, page), pageCount(rows));
}

export function pageOf<T>(rows: readonly T[], page: number): T[] {
  const first = (page - 1) * TRADES_PAGE_SIZE;
  return rows.slice(first, first + TRADES_PAGE_SIZE);
}

export interface TradesSummary {
  total: number;
  wins: number;
  losses: number;
  /** Percent units. */
  winRate: number;
  net: number;
  /** Sum of the winning nets (>= 0) and of the losing ones (<= 0). */
  grossProfit: number;
  grossLoss: number;
  /** Infinity above 999 (§9, trades screen) or with profit and no loss. */
  profitFactor: number;
  /** What the nets include: commission plus MT5's fee (DEAL_FEE), and swap. */
  fees: number;
  swap: number;
}

/** The cards over the filtered rows, on net results (profit + commission + fee + swap). */
export function summarize(rows: readonly ClosedPositionRecord[]): TradesSummary {
  let wins = 0;
  let losses = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  let fees = 0;
  let swap = 0;
  for (const row of rows) {
    if (row.net_profit > 0) {
      wins++;
      grossProfit += row.net_profit;
    } else if (row.net_profit < 0) {
      losses++;
      grossLoss += row.net_profit;
    }
    fees += row.commission + (row.fee ?? 0);
    swap += row.swap;
  }
  return {
    total: rows.length,
    wins,
    losses,
    winRate: rows.length === 0 ? 0 : (wins / rows.length) * 100,
    net: grossProfit + grossLoss,
    grossProfit,
    grossLoss,
    profitFactor: tradesScreenProfitFactor(profitFactor(grossProfit, grossLoss)),
    fees,
    swap,
  };
}

/** The server's totals over every position of the filter (GET /trading/trades/totals) as cards. */
export function summaryOfTotals(totals: TradesTotals): TradesSummary {
  return {
    total: totals.count,
    wins: totals.wins,
    losses: totals.losses,
    winRate: totals.win_rate,
    net: totals.net_profit,
    grossProfit: totals.gross_profit,
    grossLoss: totals.gross_loss,
    profitFactor: tradesScreenProfitFactor(totals.profit_factor ?? Number.POSITIVE_INFINITY),
    fees: totals.commission + totals.fee,
    swap: totals.swap,
  };
}
