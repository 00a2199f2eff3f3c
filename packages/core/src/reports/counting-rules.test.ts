import { describe, expect, it } from 'vitest';
import { DealSchema, type DealInput } from '../trading/deal.schema.js';
import { dealsToPositions } from '../trading/positions.js';
import { computeStatistics } from '../trading/statistics.js';
import { mt5Results } from './mt5-results.js';

const T0 = Date.UTC(2026, 10, 16, 13);

/**
 * The same deals counted both ways (issue 16): Vórtex's screens count round trips, the
 * statement's Results counts closing deals as the terminal does. mt5-results.test.ts holds the
 * terminal's rules in detail; here each scenario shows where the two counts part.
 */
function bothCounts(inputs: DealInput[]) {
  const deals = inputs.map((d) => DealSchema.parse(d));
  const stats = computeStatistics(dealsToPositions(deals));
  const mt5 = mt5Results(
    deals.map((d) => ({
      time: d.time,
      side: d.type ?? 'BUY',
      closes: d.entry !== 'IN',
      net: d.profit + d.commission + d.swap,
    })),
    10_000,
  );
  return { stats, mt5 };
}

const open = { position_id: 1, symbol: 'WINZ26', type: 'BUY', entry: 'IN', price: 100 } as const;
const close = { ...open, type: 'SELL', entry: 'OUT' } as const;

describe('trade counting: round trips (dashboard) and closing deals (statement)', () => {
  it('a long closed in two parts, one won and one lost: 1 round trip, 2 MT5 trades', () => {
    const { stats, mt5 } = bothCounts([
      { ...open, ticket: 1, time: T0, volume: 2 },
      { ...close, ticket: 2, time: T0 + 60_000, volume: 1, profit: 30 },
      { ...close, ticket: 3, time: T0 + 120_000, volume: 1, profit: -12 },
    ]);
    expect([stats.total_trades, stats.winning_trades, stats.losing_trades]).toEqual([1, 1, 0]);
    expect([mt5.total_trades, mt5.profit_trades.count, mt5.loss_trades.count]).toEqual([2, 1, 1]);
    expect(stats.profit).toBe(mt5.total_net_profit);
  });

  it('a trade closed at exactly 0: neither won nor lost here, a profit trade in MT5', () => {
    const { stats, mt5 } = bothCounts([
      { ...open, ticket: 1, time: T0, volume: 1 },
      { ...close, ticket: 2, time: T0 + 60_000, volume: 1, profit: 0 },
    ]);
    expect([stats.total_trades, stats.winning_trades, stats.losing_trades]).toEqual([1, 0, 0]);
    expect([mt5.total_trades, mt5.profit_trades.count, mt5.loss_trades.count]).toEqual([1, 1, 0]);
  });
});
