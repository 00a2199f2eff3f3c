import { describe, expect, it } from 'vitest';
import { DealSchema, parseDeals } from './deal.schema.js';

describe('DealSchema', () => {
  it('treats timestamps below 1e10 as seconds and larger ones as milliseconds', () => {
    expect(DealSchema.parse({ ticket: 1, time: 1_700_000_000 }).time).toBe(1_700_000_000_000);
    expect(DealSchema.parse({ ticket: 1, time: 1_700_000_000_123 }).time).toBe(1_700_000_000_123);
    expect(DealSchema.parse({ ticket: 1, time: 9_999_999_999 }).time).toBe(9_999_999_999_000);
    expect(DealSchema.parse({ ticket: 1, time: 10_000_000_000 }).time).toBe(10_000_000_000);
  });

  it('accepts ISO strings and numeric strings as times', () => {
    expect(DealSchema.parse({ ticket: 1, time: '2024-05-09T15:00:00Z' }).time).toBe(
      Date.UTC(2024, 4, 9, 15),
    );
    expect(DealSchema.parse({ ticket: 1, time: '1700000000' }).time).toBe(1_700_000_000_000);
  });

  it('takes the first usable time of time, close_time, timestamp, time_close, open_time', () => {
    expect(DealSchema.parse({ ticket: 1, close_time: 200, open_time: 100 }).time).toBe(200_000);
    expect(DealSchema.parse({ ticket: 1, time: 'garbage', timestamp: 300 }).time).toBe(300_000);
    expect(DealSchema.parse({ ticket: 1, time_close: 400, open_time: 100 }).time).toBe(400_000);
    expect(DealSchema.parse({ ticket: 1, open_time: 100 }).time).toBe(100_000);
  });

  it('refuses a deal without any usable time', () => {
    expect(DealSchema.safeParse({ ticket: 1, profit: 5 }).success).toBe(false);
    expect(DealSchema.safeParse({ ticket: 1, time: 'never' }).success).toBe(false);
  });

  it('reads profit from profit, pnl, result or netProfit, in that order', () => {
    expect(DealSchema.parse({ time: 1, profit: 1, pnl: 2 }).profit).toBe(1);
    expect(DealSchema.parse({ time: 1, pnl: 2, result: 3 }).profit).toBe(2);
    expect(DealSchema.parse({ time: 1, result: '3.5' }).profit).toBe(3.5);
    expect(DealSchema.parse({ time: 1, netProfit: -4 }).profit).toBe(-4);
    expect(DealSchema.parse({ time: 1 }).profit).toBe(0);
  });

  it('maps type and entry aliases', () => {
    const parse = (type: unknown, entry: unknown) => {
      const deal = DealSchema.parse({ time: 1, type, entry });
      return [deal.type, deal.entry];
    };
    expect(parse(0, 0)).toEqual(['BUY', 'IN']);
    expect(parse(1, 1)).toEqual(['SELL', 'OUT']);
    expect(parse('buy', 'INOUT')).toEqual(['BUY', 'INOUT']);
    expect(parse('SELL', 3)).toEqual(['SELL', 'OUT_BY']);
    expect(parse('DEAL_TYPE_SELL', 'DEAL_ENTRY_IN')).toEqual(['SELL', 'IN']);
    expect(parse('BUY_CLOSE', undefined)).toEqual(['BUY', 'OUT']);
    expect(parse('SELL_CLOSE', 'out')).toEqual(['SELL', 'OUT']);
    expect(parse(2, 0)).toEqual([null, 'IN']);
    expect(parse('BALANCE', 7)).toEqual([null, null]);
  });

  it('keeps ids as text and reads 0 or empty as no id', () => {
    const deal = DealSchema.parse({ time: 1, ticket: 123, position_id: 0, order: '' });
    expect(deal).toMatchObject({ ticket: '123', position_id: null, order: null });
  });

  it('maps MT5 numeric reasons and refuses non-numeric money', () => {
    expect(DealSchema.parse({ time: 1, reason: 4 }).reason).toBe('SL');
    expect(DealSchema.parse({ time: 1, reason: 'tp' }).reason).toBe('TP');
    expect(DealSchema.safeParse({ time: 1, profit: 'lots' }).success).toBe(false);
    expect(DealSchema.safeParse({ time: 1, profit: Number.NaN }).success).toBe(false);
  });

  it('parseDeals keeps the good deals and counts the rejected ones', () => {
    const { deals, rejected } = parseDeals([{ time: 1 }, { profit: 1 }, null, { time: 2 }]);
    expect(deals.map((d) => d.time)).toEqual([1000, 2000]);
    expect(rejected).toBe(2);
  });
});
