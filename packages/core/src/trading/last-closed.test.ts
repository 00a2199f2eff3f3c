import { describe, expect, it } from 'vitest';
import { lastClosedPositions } from './last-closed.js';
import type { ClosedPosition } from './position.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 2, 15, 13);

function trip(id: string, round: number, close: number, profit: number): ClosedPosition {
  return {
    position_id: id,
    round_trip: round,
    symbol: 'WINJ26',
    magic: 135_000,
    type: round % 2 === 1 ? 'BUY' : 'SELL',
    volume: 1,
    entry_price: 100 + round,
    exit_price: 200 + round,
    open_time: T0 + (close - 10) * MINUTE,
    close_time: T0 + close * MINUTE,
    duration: '0h 10m',
    profit,
    commission: -0.5,
    swap: 0,
    exit_reason: 'EXPERT',
    status: 'closed',
    is_complete: true,
  };
}

describe('lastClosedPositions', () => {
  it('lists a reversed position once, its round trips merged, and still fills five rows', () => {
    // #782 reversed at minute 40 (round trips 1 and 2); six positions in all.
    const positions = [
      trip('700', 1, 10, 5),
      trip('781', 1, 20, 10),
      trip('782', 1, 40, 30),
      trip('783', 1, 45, -5),
      trip('782', 2, 50, -8),
      trip('784', 1, 60, 12),
      trip('785', 1, 70, 7),
    ];
    const rows = lastClosedPositions(positions);
    expect(rows.map((r) => r.position_id)).toEqual(['785', '784', '782', '783', '781']);
    const reversed = rows[2];
    expect(reversed).toMatchObject({
      round_trip: 2,
      type: 'BUY',
      entry_price: 101,
      exit_price: 202,
      open_time: T0 + 30 * MINUTE,
      close_time: T0 + 50 * MINUTE,
      duration: '0h 20m',
      profit: 22,
      commission: -1,
      reversed_to: 'SELL',
    });
    expect(rows[0]).not.toHaveProperty('reversed_to');
  });

  it('leaves single round trips as they are', () => {
    const one = trip('9', 1, 5, 3);
    expect(lastClosedPositions([one])).toEqual([one]);
    expect(lastClosedPositions([])).toEqual([]);
  });
});
