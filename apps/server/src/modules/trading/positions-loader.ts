import {
  MS_PER_DAY,
  dealReasonName,
  dealsToPositions,
  exitReasonIndex,
  exitReasonOf,
  type ClosedPosition,
  type Deal,
  type DealEntry,
} from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';
import type { TimeRange } from './trading-range.js';
import { earlierDealsOf, tradeDealsBetween, type DealRow } from './trading.repo.js';

const ENTRIES: readonly DealEntry[] = ['IN', 'OUT', 'INOUT', 'OUT_BY'];

/** A stored row as core's Deal; the row was validated on the way in, so no schema parse here. */
function toDeal(row: DealRow): Deal {
  const [ticket, positionId, symbol, type, entry, volume, price, profit, commission, swap] = row;
  const [, , , , , , , , , , magic, reason, timeMsc] = row;
  return {
    ticket: String(ticket),
    // MT5 uses position id 0 for deals outside a position: dealsToPositions then groups by ticket.
    position_id: positionId === 0 ? null : String(positionId),
    order: null,
    user_id: null,
    symbol,
    magic,
    volume: Math.abs(volume),
    type: type === 0 ? 'BUY' : 'SELL',
    entry: ENTRIES[entry] ?? null,
    price,
    time: timeMsc,
    profit,
    commission,
    swap,
    reason: dealReasonName(reason),
    status: null,
  };
}

// Openings are looked for this far before a range first (the time index bounds the scan), then
// in the whole history for positions still missing theirs.
const LOOKBACKS = [7 * MS_PER_DAY, Number.POSITIVE_INFINITY];

/** Ids of positions closed in `rows` whose opening deal is not among them. */
function positionsMissingOpenings(rows: readonly DealRow[]): number[] {
  const opened = new Set<number>();
  const closed = new Set<number>();
  for (const row of rows) {
    if (row[1] === 0) continue;
    if (row[4] === 0) opened.add(row[1]);
    else closed.add(row[1]);
  }
  return [...closed].filter((id) => !opened.has(id));
}

export interface LoadedPositions {
  /** Closed in the range (and of the magic, when given), by close time. */
  positions: ClosedPosition[];
  /** The closing reason of each position, for the reports. */
  exitReason: (position: ClosedPosition) => string;
  /** Deals read to build them. */
  dealsProcessed: number;
}

/**
 * The positions closed within a range, rebuilt by core's dealsToPositions from the range's deals
 * plus the earlier deals of positions opened before it.
 */
export async function loadPositions(
  db: Queryable,
  accountId: number,
  range: TimeRange,
  magic?: number,
): Promise<LoadedPositions> {
  const rows = await tradeDealsBetween(db, accountId, range.from, range.to);
  let missing = positionsMissingOpenings(rows);
  let searchedFrom = range.from;
  for (const lookback of LOOKBACKS) {
    if (missing.length === 0 || searchedFrom <= 0) break;
    const since = Math.max(0, range.from - lookback);
    const earlier = await earlierDealsOf(db, accountId, missing, since, searchedFrom);
    // Pushed one by one: spreading a large array as arguments overflows the stack.
    for (const row of earlier) rows.push(row);
    const found = new Set(earlier.filter((r) => r[4] === 0).map((r) => r[1]));
    missing = missing.filter((id) => !found.has(id));
    searchedFrom = since;
  }
  const deals = rows.map(toDeal);
  const reasons = exitReasonIndex(deals);
  const positions = dealsToPositions(deals).filter(
    (p) =>
      p.close_time >= range.from &&
      p.close_time <= range.to &&
      (magic === undefined || p.magic === magic),
  );
  return {
    positions,
    exitReason: (position) => exitReasonOf(reasons, position),
    dealsProcessed: rows.length,
  };
}
