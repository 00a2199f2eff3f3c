import { describe, expect, it } from 'vitest';
import { computeTradeResults } from '../reports/results.js';
import { dailyStats } from './daily-stats.js';
import { DealSchema, type DealInput } from './deal.schema.js';
import { equityCurve } from './equity-curve.js';
import { hourlyBreakdown } from './hourly.js';
import { lastClosedPositions } from './last-closed.js';
import { netProfitOf } from './position.js';
import { PositionBook } from './position-book.js';
import { dealsToPositions } from './positions.js';
import { reportsSummary } from './reports-summary.js';
import { statisticsRecord } from './statistics-record.js';

const T0 = Date.UTC(2024, 4, 6, 13); // a Monday, 10:00 in São Paulo
const MIN = 60_000;

// Two positions whose deals carry MT5's DEAL_FEE, as an exchange's per-contract fee is charged.
const DEALS: DealInput[] = [
  {
    ticket: 1,
    position_id: 1,
    type: 0,
    entry: 0,
    time: T0,
    volume: 2,
    price: 100,
    commission: -1,
    fee: -0.5,
  },
  {
    ticket: 2,
    position_id: 1,
    type: 1,
    entry: 1,
    time: T0 + MIN,
    volume: 2,
    price: 105,
    profit: 10,
    commission: -1,
    fee: -0.5,
  },
  {
    ticket: 3,
    position_id: 2,
    type: 1,
    entry: 0,
    time: T0 + 2 * MIN,
    volume: 1,
    price: 105,
    fee: -0.25,
  },
  {
    ticket: 4,
    position_id: 2,
    type: 0,
    entry: 1,
    time: T0 + 3 * MIN,
    volume: 1,
    price: 106,
    profit: -1,
    swap: -0.1,
    fee: -0.25,
  },
];
const deals = DEALS.map((d) => DealSchema.parse(d));
const positions = dealsToPositions(deals);
// profit + commission + fee + swap of every deal, as the statement sums them.
const NET_1 = 10 - 2 - 1;
const NET_2 = -1 - 0.1 - 0.5;
const NETS = [NET_1, NET_2];
const NET = NET_1 + NET_2;

describe('a deal’s fee (DEAL_FEE)', () => {
  it('is read from the deal, and absent when the source sends none', () => {
    expect(deals[0]?.fee).toBe(-0.5);
    expect(DealSchema.parse({ ticket: 9, time: T0 }).fee).toBeUndefined();
  });

  it('is summed into its round trip and into the round trip’s net', () => {
    expect(positions.map((p) => p.fee)).toEqual([-1, -0.5]);
    positions.forEach((p, i) => expect(netProfitOf(p)).toBeCloseTo(NETS[i] ?? Number.NaN, 10));
  });

  it('is summed the same by the incremental book, deal by deal', () => {
    const book = new PositionBook();
    for (const deal of deals) book.add([deal]);
    expect(book.positions()).toEqual(positions);
  });

  it('counts in the statistics, the daily and hourly tables, the reports and the curve', () => {
    const stats = statisticsRecord(positions, { initialBalance: 1000 });
    expect(stats.profit).toBeCloseTo(NET, 10);
    expect(stats.gross_loss).toBeCloseTo(NET_2, 10);
    expect(stats.balance).toBeCloseTo(1000 + NET, 10);
    expect(dailyStats(positions)[0]?.netProfit).toBeCloseTo(NET, 10);
    const hourly = hourlyBreakdown(positions);
    expect(hourly.reduce((sum, h) => sum + h.net, 0)).toBeCloseTo(NET, 10);
    expect(reportsSummary(positions).summary.total_pnl).toBeCloseTo(NET, 10);
    expect(equityCurve(positions, { base: 1000 }).at(-1)?.balance).toBeCloseTo(1000 + NET, 10);
    expect(computeTradeResults(positions, 1000).total_net_profit).toBeCloseTo(NET, 10);
  });

  it('stays with the position when its round trips are merged for the last-closed card', () => {
    const reversal = dealsToPositions(
      [
        { ticket: 1, position_id: 5, type: 0, entry: 0, time: T0, volume: 1, price: 10, fee: -1 },
        {
          ticket: 2,
          position_id: 5,
          type: 1,
          entry: 2,
          time: T0 + MIN,
          volume: 2,
          price: 11,
          profit: 1,
          fee: -2,
        },
        {
          ticket: 3,
          position_id: 5,
          type: 0,
          entry: 1,
          time: T0 + 2 * MIN,
          volume: 1,
          price: 10,
          profit: 1,
        },
      ].map((d) => DealSchema.parse(d)),
    );
    const [merged] = lastClosedPositions(reversal);
    expect(merged?.fee).toBe(-3);
    expect(merged && netProfitOf(merged)).toBe(-1);
  });
});
