import type { ClosedPosition, TradesQuerySchema, TradesResponseSchema } from '@vortex/core';
import type { z } from 'zod';
import { positionRecord, positionsOfUser, type TradingReadDeps } from './statistics.service.js';
import { resolveRange } from './trading-range.js';

/** The trades screen looks back a year by default (spec §9). */
export const TRADES_DEFAULT_DAYS = 365;

/** The requested page of `positions` (by close time), newest first when asked. */
function page(
  positions: readonly ClosedPosition[],
  query: { order: 'asc' | 'desc'; offset: number; limit: number },
): ClosedPosition[] {
  if (query.order === 'asc') return positions.slice(query.offset, query.offset + query.limit);
  const end = Math.max(0, positions.length - query.offset);
  return positions.slice(Math.max(0, end - query.limit), end).reverse();
}

/**
 * GET /bridge/trades: closed positions of the range, by close time, paged. The end date
 * includes its whole local day; `total` counts the range before paging.
 */
export async function tradesOf(
  deps: TradingReadDeps,
  userId: number,
  query: z.infer<typeof TradesQuerySchema>,
  now = Date.now(),
): Promise<z.infer<typeof TradesResponseSchema>> {
  const range = resolveRange(
    { start: query.start_date, end: query.end_date },
    TRADES_DEFAULT_DAYS,
    now,
  );
  const { account, positions, dealsProcessed } = await positionsOfUser(
    deps,
    userId,
    range,
    query.magic,
  );
  return {
    success: true,
    trades: page(positions, query).map(positionRecord),
    total: positions.length,
    account: account?.account_number ?? null,
    data_source: 'bridge',
    processing_info: { deals_processed: dealsProcessed },
  };
}
