import {
  computeTradeResults,
  DealSchema,
  dealsToPositions,
  isBalanceOperationType,
  type ServerMessage,
} from '@vortex/core';
import { describe, expect, it } from '../../../test/fixture.js';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import { waitUntil } from '../../../test/wait.js';

/**
 * Issue 26: on an account whose deals carry fees and whose history holds a deposit, a
 * withdrawal, a correction and a credit, /dashboard/stats, /dashboard/overview, the equity
 * curve and the MT5 statement agree on the net profit, the balance and the drawdown, and profit
 * % is taken on the deposit. No balance is reported by the agent (as on an imported account):
 * the balance is the deals' own.
 */
let agent: TestAgent;
const HOUR = 3_600_000;
const START = Date.now() - 5 * 24 * HOUR;
const ACCOUNT = 7_700_026;

let ticket = 0;
function deal(o: { type: number; entry?: number; position?: number; at: number; profit?: number }) {
  ticket += 1;
  const trade = o.type === 0 || o.type === 1;
  return {
    ticket,
    order: trade ? ticket : 0,
    position_id: o.position ?? 0,
    symbol: trade ? 'WINZ25' : '',
    type: o.type,
    entry: o.entry ?? 0,
    volume: trade ? 1 : 0,
    price: trade ? 125_000 + ticket : 0,
    profit: o.profit ?? 0,
    commission: trade ? -0.5 : 0,
    // The exchange's fee on every trade deal, openings included.
    fee: trade ? -1.5 : 0,
    swap: 0,
    magic: trade ? 135_000 : 0,
    reason: trade ? 3 : 0,
    comment: trade ? '' : 'Deposit',
    time: Math.floor(o.at / 1000),
    time_msc: o.at,
  };
}

// Trips one after another, the losses last: the statement walks deal by deal and books an
// opening's costs when it opens, the screens book a position's at its close; with no opening
// after the deepest fall, both walks fall equally far.
const trip = (position: number, at: number, profit: number) => [
  deal({ type: 0, entry: 0, position, at }),
  deal({ type: 1, entry: 1, position, at: at + HOUR / 2, profit }),
];
const DEALS = [
  deal({ type: 2, at: START, profit: 5000 }),
  ...trip(10, START + 1 * HOUR, 400),
  ...trip(11, START + 2 * HOUR, 250),
  deal({ type: 2, at: START + 3 * HOUR, profit: -1000 }),
  // Credit moves the credit facility, not the balance.
  deal({ type: 3, at: START + 4 * HOUR, profit: 500 }),
  ...trip(12, START + 5 * HOUR, -600),
  ...trip(13, START + 6 * HOUR, -300),
  deal({ type: 5, at: START + 8 * HOUR, profit: 20 }),
];
// Each trip costs 2 × (0.50 + 1.50).
const NET = 400 + 250 - 600 - 300 - 4 * 4;
const BALANCE = 5000 - 1000 + 20 + NET;

it.beforeAll(async ({ app, base, trader }) => {
  agent = await pairTestAgent(app, base, trader, ACCOUNT);
  agent.send({ type: 'deals', batch_id: 'fees-and-operations', deals: DEALS });
  const ack = (await agent.next()) as Extract<ServerMessage, { type: 'deals_ack' }>;
  expect(ack).toMatchObject({ type: 'deals_ack', stored: DEALS.length });
});
it.afterAll(() => {
  agent.close();
});

interface Statistics {
  profit: number;
  balance: number;
  profit_percentage: number;
  max_drawdown: number;
  max_drawdown_percent: number;
  total_trades: number;
  winning_trades: number;
  losing_trades: number;
}
interface Basis {
  source: string;
  initial_balance: number;
}

/** A figure of the statement, written as the terminal writes it ('-1 234.56', '20.66%'). */
const figure = (text: string) => Number(text.replace(/[%\s\u00a0]/g, ''));
const figureIn = (html: string, label: string) =>
  new RegExp(`${label}:</td>\\r\\n\\s*<td[^>]*><b>([^<]*)</b>`).exec(html)?.[1] ?? '';

describe('fees and balance operations, screen by screen', () => {
  it('every screen reads the same net, balance, profit % and drawdown %', async ({
    api,
    app,
    trader,
  }) => {
    // The follower builds positions after the deals are stored: read once all four are there.
    await waitUntil(async () => {
      const res = await api.as(trader).get('/dashboard/stats?days=30');
      return res.json<{ data: Statistics }>().data.total_trades === 4;
    }, 'the four positions on /dashboard/stats');
    const [statsRes, overviewRes, curveRes, statementRes] = await Promise.all([
      api.as(trader).get('/dashboard/stats?days=30'),
      api.as(trader).get('/dashboard/overview?days=30'),
      api.as(trader).get('/trading/equity-curve?days=30'),
      app.inject({
        method: 'POST',
        url: '/api/reports/mt5/html',
        headers: { authorization: `Bearer ${trader.token}` },
        payload: { date_range: '30d' },
      }),
    ]);
    const stats = statsRes.json<{ data: Statistics & { balance_basis: Basis } }>().data;
    const overview = overviewRes.json<{
      data: {
        statistics: Statistics;
        equity_curve: { balance: number; cumulative_profit: number }[];
        balance_basis: Basis;
        hourly: { trades: number }[];
        last_7_days: { days: { trades: number }[] };
        last_closed: Record<'profit' | 'commission' | 'fee' | 'swap' | 'net_profit', number>[];
      };
    }>().data;
    const curve = curveRes.json<{ equity_curve: { balance: number }[]; balance_basis: Basis }>();
    expect(statementRes.statusCode).toBe(200);
    const statement = new TextDecoder('utf-16le').decode(statementRes.rawPayload);

    // An independent oracle: core's Results of the positions rebuilt here, with the operations.
    const parsed = DEALS.map((d) => DealSchema.parse({ ...d, time: d.time_msc }));
    const operations = DEALS.filter((d) => isBalanceOperationType(d.type)).map((d) => ({
      time: d.time_msc,
      amount: d.profit,
      type: d.type,
    }));
    const oracle = computeTradeResults(dealsToPositions(parsed), 0, operations);
    expect(oracle.total_net_profit).toBeCloseTo(NET, 9);

    for (const s of [stats, overview.statistics]) {
      expect(s.profit).toBeCloseTo(NET, 9);
      expect(s.balance).toBeCloseTo(BALANCE, 9);
      // On the 5 000 deposited (the withdrawal takes money out, the correction is no deposit).
      expect(s.profit_percentage).toBeCloseTo((NET / 5000) * 100, 9);
      expect(s.max_drawdown).toBeCloseTo(oracle.balance_drawdown_maximal.money, 9);
      expect(s.max_drawdown_percent).toBeCloseTo(oracle.balance_drawdown_relative.percent, 9);
      // Operations are no trades.
      expect([s.total_trades, s.winning_trades, s.losing_trades]).toEqual([4, 2, 2]);
    }
    // 5 642 after two wins, 4 642 after the withdrawal: the fall to 3 734 is 908. MT5 walks the
    // balance without its withdrawals (core's BalanceWalk, from a real Deriv report): 16.09 % of
    // the 5 642 peak, not 19.56 % of 4 642.
    expect(stats.max_drawdown).toBeCloseTo(908, 9);
    expect(stats.max_drawdown_percent).toBeCloseTo((908 / 5642) * 100, 9);
    expect(stats.balance_basis).toEqual({ source: 'account', initial_balance: 0 });
    expect(overview.balance_basis).toEqual({ source: 'account', initial_balance: 0 });
    expect(overview.last_7_days.days.reduce((n, d) => n + d.trades, 0)).toBe(4);
    expect(overview.hourly.reduce((n, h) => n + h.trades, 0)).toBeLessThanOrEqual(4);

    // A position's record carries its fee, and its net counts it.
    for (const p of overview.last_closed) {
      expect(p.fee).toBe(-3);
      expect(p.net_profit).toBeCloseTo(p.profit + p.commission + p.fee + p.swap, 9);
    }
    expect(overview.last_closed).toHaveLength(4);

    // The deals list is of trades only, each with its fee.
    const dealsRes = await api.as(trader).get('/dashboard/deals?days=30&limit=100');
    const listed = dealsRes.json<{ data: { deals: { fee: number }[]; total: number } }>().data;
    expect(listed.total).toBe(8);
    expect(listed.deals.map((d) => d.fee)).toEqual(Array.from({ length: 8 }, () => -1.5));

    // Four closes and three operations (the credit is none): each a step of the curve.
    expect(overview.equity_curve).toHaveLength(7);
    expect(overview.equity_curve.at(-1)?.balance).toBeCloseTo(BALANCE, 9);
    expect(overview.equity_curve.at(-1)?.cumulative_profit).toBeCloseTo(NET, 9);
    expect(curve.equity_curve.at(-1)?.balance).toBeCloseTo(BALANCE, 9);
    expect(curve.balance_basis.initial_balance).toBeCloseTo(0, 9);

    // The statement: the same net, and the same relative drawdown, '19.56% (908.00)'.
    expect(figure(figureIn(statement, 'Lucro Líquido Total'))).toBeCloseTo(NET, 2);
    const [percent, money] = figureIn(statement, 'Rebaixamento Relativo do Saldo').split('(');
    expect(figure(percent ?? '')).toBeCloseTo(stats.max_drawdown_percent, 2);
    expect(figure((money ?? '').replace(')', ''))).toBeCloseTo(stats.max_drawdown, 2);
  });
});
