import type { DealRecord } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';
import type { TimeRange } from './trading-range.js';
import { currentAccountOf, latestDeals, type StoredDeal } from './trading.repo.js';

function dealRecord(d: StoredDeal): DealRecord {
  const { time_msc, type, ...rest } = d;
  return { ...rest, type: type === 0 ? 'BUY' : 'SELL', time: Math.floor(time_msc / 1000) };
}

/** GET /dashboard/deals: the newest trade deals of the range, newest first. */
export async function dealsOf(
  db: Queryable,
  userId: number,
  range: TimeRange & { magic: number | undefined; limit: number },
): Promise<{ deals: DealRecord[]; total: number }> {
  const account = await currentAccountOf(db, userId);
  if (!account) return { deals: [], total: 0 };
  const { deals, total } = await latestDeals(db, account.id, range);
  return { deals: deals.map(dealRecord), total };
}
