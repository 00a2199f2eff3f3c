import type { Deal } from './deal.schema.js';
import { PositionBook } from './position-book.js';
import type { ClosedPosition } from './position.js';

/**
 * Deals -> positions (spec §3): grouped by position_id, else ticket; only buy/sell deals with an
 * entry count; a deal ticket seen twice counts once; only round trips with a closing deal are
 * kept, those opened before the history as round trip 0. Sorted by close time.
 */
export function dealsToPositions(deals: readonly Deal[]): ClosedPosition[] {
  const book = new PositionBook();
  book.add(deals);
  return [...book.positions()];
}
