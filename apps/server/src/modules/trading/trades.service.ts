import type { TradesQuerySchema, TradesResponseSchema } from '@vortex/core';
import type { z } from 'zod';
import type { Queryable } from '../../lib/db-types.js';
import { positionRecord, positionsOfUser } from './statistics.service.js';
import { resolveRange } from './trading-range.js';

/** The trades screen looks back a year by default (spec §9). */
const DEFAULT_DAYS = 365;

/**
 * GET /bridge/trades: closed positions of the range, by close time, paged. The end date
 * includes its whole local day; `total` counts the range before paging.
 */
export async function tradesOf(
  db: Queryable,
  userId: number,
  query: z.infer<typeof TradesQuerySchema>,
  now = Date.now(),
): Promise<z.infer<typeof TradesResponseSchema>> {
  const range = resolveRange({ start: query.start_date, end: query.end_date }, DEFAULT_DAYS, now);
  const { account, positions, dealsProcessed } = await positionsOfUser(
    db,
    userId,
    range,
    query.magic,
  );
  const ordered = query.order === 'desc' ? [...positions].reverse() : positions;
  return {
    success: true,
    trades: ordered.slice(query.offset, query.offset + query.limit).map(positionRecord),
    total: positions.length,
    account: account?.account_number ?? null,
    data_source: 'bridge',
    processing_info: { deals_processed: dealsProcessed },
  };
}
