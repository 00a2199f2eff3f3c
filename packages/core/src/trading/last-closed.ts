import { formatDuration } from '../format/duration.js';
import type { DealSide } from './deal.schema.js';
import type { ClosedPosition } from './position.js';

/** A closed position as the card lists it; `reversed_to` marks merged round trips. */
export type LastClosedPosition = ClosedPosition & { reversed_to?: DealSide };

/** trading.md §9: the dashboard lists the last five closed operations. */
export const LAST_CLOSED_COUNT = 5;

/** The round trips of one position id as one position: first opening to last closing. */
function merged(trips: readonly ClosedPosition[]): LastClosedPosition {
  const first = trips[0] as ClosedPosition;
  const last = trips[trips.length - 1] as ClosedPosition;
  if (trips.length === 1) return first;
  let profit = 0;
  let commission = 0;
  let fee = 0;
  let swap = 0;
  for (const trip of trips) {
    profit += trip.profit;
    commission += trip.commission;
    fee += trip.fee ?? 0;
    swap += trip.swap;
  }
  const { fee: _lastFee, ...lastTrip } = last;
  return {
    ...lastTrip,
    type: first.type,
    volume: first.volume,
    entry_price: first.entry_price,
    open_time: first.open_time,
    duration: formatDuration(last.close_time - first.open_time),
    profit,
    commission,
    ...(fee ? { fee } : {}),
    swap,
    reversed_to: last.type,
  };
}

/**
 * The `count` most recently closed positions, newest first, each MT5 position once. A netting
 * reversal (an INOUT deal) keeps the position's id and splits it into round trips: listed as
 * they are, one '#782' would show on two rows; merged, the row carries the whole position.
 * `positions` are in close-time order.
 */
export function lastClosedPositions(
  positions: readonly ClosedPosition[],
  count = LAST_CLOSED_COUNT,
): LastClosedPosition[] {
  const trips = new Map<string, ClosedPosition[]>();
  for (let i = positions.length - 1; i >= 0; i--) {
    const position = positions[i] as ClosedPosition;
    const known = trips.get(position.position_id);
    if (known) known.unshift(position);
    else if (trips.size < count) trips.set(position.position_id, [position]);
  }
  return [...trips.values()].map(merged);
}
