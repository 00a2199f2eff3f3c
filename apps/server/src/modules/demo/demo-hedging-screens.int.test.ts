import { formatCell, lastDaysWindow } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually } from '../../../test/bot-scenario.js';
import { startDemoTrader, type DemoTrader } from '../../../test/demo-trader.js';
import { bearer } from '../../../test/identities.js';
import { maybeRow, oneRow } from '../../db/rows.js';
import { demoSimEnv } from './demo-bridge.js';

/**
 * Issue 26's done-when, live: the demo as `npm start` runs it with SIM_MARGIN_MODE=hedging,
 * SIM_CURRENCY=USD, SIM_DEAL_FEE and SIM_BALANCE_OPS (the real agent on the simulator, a deposit
 * inside the 7-day window) passes the screens-agree checks of trading/screens-agree.int.test.ts:
 * every screen counts the same trades and result as the statement, and the curve ends at the
 * balance the account reports, deposits and withdrawal included.
 */
let demo: DemoTrader;

const SIM = demoSimEnv({
  marginMode: 'hedging',
  currency: 'USD',
  dealFee: '0.1',
  balanceOps: '3:5000,6:-3000,8:2000',
});

async function account() {
  return maybeRow(
    demo.db.pool,
    z.object({
      deals: z.number(),
      balance: z.number().nullable(),
      currency: z.string(),
      margin_mode: z.string(),
      operations: z.array(z.number()),
    }),
    `SELECT (SELECT count(*)::int FROM deals d WHERE d.account_id = a.id) AS deals, a.balance,
       a.currency, a.margin_mode,
       coalesce((SELECT array_agg(d.profit ORDER BY d.ticket) FROM deals d
                 WHERE d.account_id = a.id AND d.type = 2), '{}') AS operations
     FROM mt5_accounts a WHERE a.user_id = $1`,
    [demo.trader.id],
  );
}

const get = async <T>(url: string): Promise<T> => {
  const res = await demo.t.app.inject({ url, headers: bearer(demo.trader.token) });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

interface Screens {
  overview: {
    data: {
      last_7_days: { total_profit: number; win_rate: number; days: { trades: number }[] };
      hourly: { hour: number; net: number; trades: number }[];
      equity_curve: { balance: number }[];
    };
  };
  stats: { data: { total_trades: number; profit: number; win_rate: number; balance: number } };
  report: { data: { summary: { total_trades: number; total_pnl: number; win_rate: number } } };
  curve: { equity_curve: { balance: number }[] };
}

/** As the terminal counts a statement: closing deals of the period, and the net of its trades. */
const terminalCounts = () => {
  const { from, to } = lastDaysWindow(7, Date.now());
  return oneRow(
    demo.db.pool,
    z.object({ trades: z.number(), net: z.number() }),
    `SELECT count(*) FILTER (WHERE d.entry <> 0)::int AS trades,
            coalesce(sum(d.profit + d.commission + d.fee + d.swap), 0)::float8 AS net
     FROM deals d JOIN mt5_accounts a ON a.id = d.account_id
     WHERE a.user_id = $1 AND d.type IN (0, 1) AND d.time_msc BETWEEN $2 AND $3`,
    [demo.trader.id, from, to],
  );
};

const figureIn = (html: string, label: string) =>
  new RegExp(`${label}:</td>\\r\\n\\s*<td[^>]*><b>([^<]*)</b>`).exec(html)?.[1];

/** Every screen's reading, taken while no deal or balance arrived (the demo keeps trading). */
async function readScreens() {
  for (;;) {
    const before = await account();
    const [overview, stats, report, curve, statement, terminal] = await Promise.all([
      get<Screens['overview']>('/dashboard/overview'),
      get<Screens['stats']>('/dashboard/stats?days=7'),
      get<Screens['report']>('/api/reports/summary?range=7d'),
      get<Screens['curve']>('/trading/equity-curve?days=30'),
      demo.t.app.inject({
        method: 'POST',
        url: '/api/reports/mt5/html',
        headers: bearer(demo.trader.token),
        payload: { date_range: '7d' },
      }),
      terminalCounts(),
    ]);
    const after = await account();
    if (before?.deals === after?.deals && before?.balance === after?.balance && after) {
      const html = new TextDecoder('utf-16le').decode(statement.rawPayload);
      return { overview, stats, report, curve, statement: html, terminal, after };
    }
  }
}

beforeAll(async () => {
  demo = await startDemoTrader('10', SIM);
  await eventually(async () => {
    const a = await account();
    if (a?.balance === null || a?.balance === undefined || a.operations.length < 4) return false;
    return (await get<Screens['stats']>('/dashboard/stats?days=7')).data.total_trades > 5;
  }, 90_000);
}, 120_000);

afterAll(async () => {
  await demo.stop();
});

describe('the hedging USD demo with fees, deposits and a withdrawal, over the last 7 days', () => {
  it('is stored as that account, and every screen counts the same trades and result', async () => {
    const { overview, stats, report, statement, terminal, after } = await readScreens();
    expect(after).toMatchObject({
      currency: 'USD',
      margin_mode: 'hedging',
      operations: [10_000, 5_000, -3_000, 2_000],
    });
    const summary = overview.data.last_7_days;
    const s = stats.data;
    const r = report.data.summary;
    expect(s.total_trades).toBeGreaterThan(5);
    expect(summary.days.reduce((n, d) => n + d.trades, 0)).toBe(s.total_trades);
    expect(r.total_trades).toBe(s.total_trades);
    // A USD account is not B3's: its hourly chart keeps all 24 hours (issue 26).
    expect(overview.data.hourly.map((h) => h.hour)).toEqual(
      Array.from({ length: 24 }, (_, h) => h),
    );
    expect(overview.data.hourly.reduce((n, h) => n + h.trades, 0)).toBe(s.total_trades);
    expect(figureIn(statement, 'Total de Negociações')).toBe(String(terminal.trades));
    expect(terminal.trades).toBeGreaterThanOrEqual(s.total_trades);

    // Deposits and withdrawals are no result: only the trades' profit, commission and fee.
    expect(summary.total_profit).toBeCloseTo(s.profit, 6);
    expect(r.total_pnl).toBeCloseTo(s.profit, 6);
    expect(overview.data.hourly.reduce((sum, h) => sum + h.net, 0)).toBeCloseTo(s.profit, 6);
    expect(figureIn(statement, 'Lucro Líquido Total')).toBe(
      formatCell({ kind: 'number', value: terminal.net, decimals: 2 }, 'UTC'),
    );
    expect(summary.win_rate).toBeCloseTo(s.win_rate, 9);
    expect(r.win_rate).toBeCloseTo(s.win_rate, 9);
  });

  it('ends the equity curve and Statistics at the balance the account reports', async () => {
    const { overview, stats, curve, after } = await readScreens();
    expect(overview.data.equity_curve.at(-1)?.balance).toBeCloseTo(after.balance ?? NaN, 6);
    expect(curve.equity_curve.at(-1)?.balance).toBeCloseTo(after.balance ?? NaN, 6);
    expect(stats.data.balance).toBeCloseTo(after.balance ?? NaN, 6);
  });
});
