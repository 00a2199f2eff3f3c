import { describe, expect, it } from 'vitest';
import { DealSchema, type DealInput } from './deal.schema.js';
import { openedBeforeHistory } from './position.js';
import { dealsToPositions } from './positions.js';

const T0 = 1_715_000_000; // 2024-05-06T12:53:20Z, epoch seconds as MT5 sends them
const positionsOf = (inputs: DealInput[]) =>
  dealsToPositions(inputs.map((d) => DealSchema.parse(d)));

describe('dealsToPositions', () => {
  it('groups deals by position_id and falls back to ticket', () => {
    const positions = positionsOf([
      { ticket: 11, position_id: 7, type: 'BUY', entry: 'IN', time: T0, volume: 1, price: 10 },
      {
        ticket: 12,
        position_id: 7,
        type: 'SELL',
        entry: 'OUT',
        time: T0 + 60,
        volume: 1,
        price: 12,
        profit: 2,
      },
      { ticket: 99, type: 'SELL', entry: 0, time: T0 + 10, volume: 2, price: 5 },
      { ticket: 99, type: 'BUY', entry: 1, time: T0 + 120, volume: 2, price: 4, profit: 3 },
    ]);
    expect(positions.map((p) => [p.position_id, p.type, p.profit])).toEqual([
      ['7', 'BUY', 2],
      ['99', 'SELL', 3],
    ]);
  });

  it("names each round trip's exit by the reason of its last closing deal", () => {
    const positions = positionsOf([
      { ticket: 1, position_id: 5, type: 0, entry: 0, time: T0, volume: 2, reason: 3 },
      { ticket: 2, position_id: 5, type: 1, entry: 1, time: T0 + 9, volume: 1, reason: 0 },
      { ticket: 3, position_id: 5, type: 1, entry: 1, time: T0 + 20, volume: 1, reason: 4 },
      { ticket: 4, position_id: 6, type: 0, entry: 0, time: T0, volume: 1 },
      { ticket: 5, position_id: 6, type: 1, entry: 2, time: T0 + 30, volume: 3, reason: 5 },
      { ticket: 6, position_id: 6, type: 0, entry: 1, time: T0 + 40, volume: 2 },
    ]);
    expect(positions.map((p) => [p.position_id, p.round_trip, p.exit_reason])).toEqual([
      ['5', 1, 'SL'],
      ['6', 1, 'TP'],
      ['6', 2, 'UNKNOWN'],
    ]);
  });

  it('ignores positions without a closing deal', () => {
    const positions = positionsOf([
      { ticket: 1, position_id: 1, type: 0, entry: 0, time: T0, volume: 1 },
      { ticket: 3, position_id: 3, type: 0, entry: 0, time: T0, volume: 1 },
      { ticket: 4, position_id: 3, type: 1, entry: 1, time: T0 + 1, volume: 1, profit: -5 },
    ]);
    expect(positions.map((p) => [p.position_id, p.profit])).toEqual([['3', -5]]);
  });

  it('treats timestamps below 1e10 as seconds and formats the duration', () => {
    const [position] = positionsOf([
      { ticket: 1, position_id: 1, type: 0, entry: 0, time: T0, volume: 1 },
      { ticket: 2, position_id: 1, type: 1, entry: 1, time: (T0 + 5400 + 59) * 1000, volume: 1 },
    ]);
    expect(position?.open_time).toBe(T0 * 1000);
    expect(position?.close_time).toBe((T0 + 5459) * 1000);
    expect(position?.duration).toBe('1h 30m');
  });

  it('profit sums the closing deals; commission and swap sum every deal', () => {
    const [position] = positionsOf([
      {
        ticket: 1,
        position_id: 5,
        type: 0,
        entry: 0,
        time: T0,
        volume: 2,
        profit: 0,
        commission: -1,
        swap: 0,
      },
      {
        ticket: 2,
        position_id: 5,
        type: 1,
        entry: 1,
        time: T0 + 1,
        volume: 1,
        profit: 10,
        commission: -1,
        swap: -0.5,
      },
      {
        ticket: 3,
        position_id: 5,
        type: 1,
        entry: 1,
        time: T0 + 2,
        volume: 1,
        profit: 6,
        commission: -1,
        swap: -0.5,
      },
    ]);
    expect(position).toMatchObject({ profit: 16, commission: -3, swap: -1, status: 'closed' });
  });

  it('weights entry and exit prices by volume', () => {
    const [position] = positionsOf([
      { ticket: 1, position_id: 5, type: 'SELL', entry: 'IN', time: T0, volume: 1, price: 100 },
      { ticket: 2, position_id: 5, type: 'SELL', entry: 'IN', time: T0 + 1, volume: 3, price: 104 },
      { ticket: 3, position_id: 5, type: 'BUY', entry: 'OUT', time: T0 + 2, volume: 4, price: 90 },
    ]);
    // (1·100 + 3·104) / 4 = 103
    expect(position).toMatchObject({ type: 'SELL', volume: 4, entry_price: 103, exit_price: 90 });
  });

  it('keeps a partly closed position as open', () => {
    const [position] = positionsOf([
      { ticket: 1, position_id: 5, type: 0, entry: 0, time: T0, volume: 3 },
      { ticket: 2, position_id: 5, type: 1, entry: 1, time: T0 + 1, volume: 1, profit: 4 },
    ]);
    expect(position).toMatchObject({ status: 'open', is_complete: true, profit: 4 });
  });

  it('splits a netting reversal (INOUT) into two round trips', () => {
    // Long 1 at 100; sell 3 INOUT at 110 closes the long (+10) and opens a short of 2;
    // buy 2 at 105 closes the short (+10).
    const positions = positionsOf([
      {
        ticket: 1,
        position_id: 42,
        symbol: 'WINM24',
        magic: 135000,
        type: 0,
        entry: 0,
        time: T0,
        volume: 1,
        price: 100,
        commission: -1,
      },
      {
        ticket: 2,
        position_id: 42,
        type: 1,
        entry: 2,
        time: T0 + 60,
        volume: 3,
        price: 110,
        profit: 10,
        commission: -3,
      },
      {
        ticket: 3,
        position_id: 42,
        type: 0,
        entry: 1,
        time: T0 + 180,
        volume: 2,
        price: 105,
        profit: 10,
        commission: -2,
      },
    ]);
    expect(positions).toMatchObject([
      {
        position_id: '42',
        round_trip: 1,
        type: 'BUY',
        volume: 1,
        entry_price: 100,
        exit_price: 110,
        profit: 10,
        commission: -4,
        duration: '0h 1m',
      },
      {
        position_id: '42',
        round_trip: 2,
        type: 'SELL',
        volume: 2,
        entry_price: 110,
        exit_price: 105,
        profit: 10,
        commission: -2,
        duration: '0h 2m',
        symbol: 'WINM24',
        magic: 135000,
      },
    ]);
  });

  it('splits round trips where the net volume returns to zero under one id', () => {
    const positions = positionsOf([
      { ticket: 1, position_id: 8, type: 0, entry: 0, time: T0, volume: 0.1 },
      { ticket: 2, position_id: 8, type: 1, entry: 1, time: T0 + 1, volume: 0.1, profit: 1 },
      { ticket: 3, position_id: 8, type: 1, entry: 0, time: T0 + 2, volume: 0.2 },
      { ticket: 4, position_id: 8, type: 0, entry: 1, time: T0 + 3, volume: 0.1, profit: 2 },
      { ticket: 5, position_id: 8, type: 0, entry: 3, time: T0 + 4, volume: 0.1, profit: 3 },
    ]);
    expect(positions.map((p) => [p.round_trip, p.type, p.profit, p.status])).toEqual([
      [1, 'BUY', 1, 'closed'],
      [2, 'SELL', 5, 'closed'],
    ]);
  });

  describe('history that starts mid-position', () => {
    const sell = { position_id: 9, symbol: 'WINZ26', magic: 7, type: 1 } as const;
    const buy = { ...sell, type: 0 } as const;

    it('an OUT whose opening is missing closes a position opened before the history', () => {
      const positions = positionsOf([
        { ...sell, ticket: 2, entry: 'OUT', time: T0, volume: 1, price: 50, profit: 7 },
        { ...sell, ticket: 3, entry: 'OUT', time: T0 + 60, volume: 2, price: 52, profit: -4 },
      ]);
      // Both parts close the same earlier position: one round trip, 0, with both results.
      expect(positions).toMatchObject([
        { round_trip: 0, type: 'BUY', volume: 3, exit_price: 51 + 1 / 3, profit: 3 },
      ]);
      expect(positions.map((p) => [openedBeforeHistory(p), p.status])).toEqual([[true, 'closed']]);
    });

    it('an INOUT whose opening is missing opens only what its later closes show', () => {
      // Long 1 before the history; sell 3 INOUT reverses to a short of 2, closed by a buy of 2.
      const positions = positionsOf([
        { ...sell, ticket: 2, entry: 'INOUT', time: T0, volume: 3, price: 50, profit: 99 },
        { ...buy, ticket: 3, entry: 'OUT', time: T0 + 60, volume: 2, price: 48, profit: 4 },
      ]);
      expect(positions.map((p) => [p.round_trip, p.type, p.volume, p.status, p.profit])).toEqual([
        [0, 'BUY', 1, 'closed', 99],
        [1, 'SELL', 2, 'closed', 4],
      ]);
      expect(positions.map(openedBeforeHistory)).toEqual([true, false]);
      expect(positions[1]).toMatchObject({ entry_price: 50, exit_price: 48, symbol: 'WINZ26' });
    });

    it('a reversed position closed in parts is one round trip; an addition keeps it open', () => {
      const positions = positionsOf([
        { ...sell, ticket: 2, entry: 'INOUT', time: T0, volume: 4, price: 50, profit: 10 },
        { ...buy, ticket: 3, entry: 'OUT', time: T0 + 60, volume: 2, price: 48, profit: 3 },
        { ...buy, ticket: 4, entry: 'OUT', time: T0 + 120, volume: 1, price: 47, profit: 2 },
        { ...sell, ticket: 5, entry: 'IN', time: T0 + 180, volume: 1, price: 49 },
      ]);
      // The closes show a short of at least 3, so the INOUT closed 1; the later 1 is still open.
      expect(positions.map((p) => [p.round_trip, p.volume, p.status, p.profit])).toEqual([
        [0, 1, 'closed', 10],
        [1, 4, 'open', 5],
      ]);
    });
  });

  it('a closing deal without a volume closes what is still open', () => {
    const [position] = positionsOf([
      { ticket: 1, position_id: 4, type: 0, entry: 0, time: T0, volume: 3, price: 10 },
      { ticket: 2, position_id: 4, type: 1, entry: 1, time: T0 + 60, price: 11, profit: 3 },
    ]);
    expect(position).toMatchObject({ status: 'closed', volume: 3, exit_price: 11, profit: 3 });
  });

  it('counts a duplicated deal ticket once', () => {
    const close = {
      ticket: 2,
      position_id: 1,
      type: 1,
      entry: 1,
      time: T0 + 1,
      volume: 1,
      profit: 7,
    };
    const positions = positionsOf([
      { ticket: 1, position_id: 1, type: 0, entry: 0, time: T0, volume: 1 },
      close,
      { ...close },
    ]);
    expect(positions.map((p) => p.profit)).toEqual([7]);
  });

  it('skips balance deals and deals without an entry', () => {
    const positions = positionsOf([
      { ticket: 1, position_id: 0, type: 2, entry: 0, time: T0, profit: 10_000 },
      { ticket: 2, position_id: 3, type: 0, time: T0, volume: 1 },
      { ticket: 3, position_id: 3, type: 1, entry: 1, time: T0 + 1, volume: 1, profit: 1 },
    ]);
    // Without its entry-less opening, the close is of a position opened before the history.
    expect(positions.map((p) => [p.round_trip, p.profit])).toEqual([[0, 1]]);
  });

  it('sorts positions by close time', () => {
    const positions = positionsOf([
      { ticket: 1, position_id: 1, type: 0, entry: 0, time: T0, volume: 1 },
      { ticket: 2, position_id: 1, type: 1, entry: 1, time: T0 + 500, volume: 1 },
      { ticket: 3, position_id: 2, type: 0, entry: 0, time: T0 + 100, volume: 1 },
      { ticket: 4, position_id: 2, type: 1, entry: 1, time: T0 + 200, volume: 1 },
    ]);
    expect(positions.map((p) => p.position_id)).toEqual(['2', '1']);
  });
});
