import { formatCell, lastDaysWindow } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually } from '../../../test/bot-scenario.js';
import { startDemoTrader, type DemoTrader } from '../../../test/demo-trader.js';
import { bearer, type TestUser } from '../../../test/identities.js';
import type { TestApp } from '../../../test/test-app.js';
import type { TestDatabase } from '../../../test/test-database.js';
import { maybeRow, oneRow } from '../../db/rows.js';

/**
 * Issue 14: for the demo account (the real agent on the simulated MT5, as `npm start` runs it)
 * and one window, the dashboard's 7-day summary, Statistics, Reports (summary and statement)
 * and the hourly chart count the same trades and the same result, and the equity curve ends at
 * the balance the account reports.
 */
// About two weeks of trading days: the 7-day window starts in the middle of the history.
const HISTORY_DAYS = '10';

let db: TestDatabase;
let t: TestApp;
let trader: TestUser;
let demo: DemoTrader;

/** Deals stored and the balance reported: equal fingerprints mean nothing arrived between. */
async function fingerprint(): Promise<{ deals: number; balance: number | null }> {
  const row = await maybeRow(
    db.pool,
    z.object({ deals: z.number(), balance: z.number().nullable() }),
    `SELECT (SELECT count(*)::int FROM deals d WHERE d.account_id = a.id) AS deals, a.balance
     FROM mt5_accounts a WHERE a.user_id = $1`,
    [trader.id],
  );
  return row ?? { deals: 0, balance: null };
}

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ url, headers: bearer(trader.token) });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

interface Hour {
  hour: number;
  net: number;
  trades: number;
}
interface Day {
  trades: number;
  wins: number;
  netProfit: number;
}
interface Overview {
  data: {
    last_7_days: { total_profit: number; win_rate: number; days: Day[] };
    hourly: Hour[];
    equity_curve: { balance: number }[];
    balance_basis: { source: string; initial_balance: number };
  };
}
interface Stats {
  data: {
    total_trades: number;
    profit: number;
    win_rate: number;
    balance: number;
    balance_basis: { source: string };
  };
}
interface ReportSummary {
  data: { summary: { total_trades: number; total_pnl: number; win_rate: number } };
}

/**
 * The MT5 statement counts as the terminal does: a trade is a closing deal of the period and the
 * net is every deal of the period. Counted here straight from the stored deals.
 */
async function terminalCounts(): Promise<{ trades: number; net: number }> {
  const { from, to } = lastDaysWindow(7, Date.now());
  return oneRow(
    db.pool,
    z.object({ trades: z.number(), net: z.number() }),
    `SELECT count(*) FILTER (WHERE d.entry <> 0)::int AS trades,
            coalesce(sum(d.profit + d.commission + d.fee + d.swap), 0)::float8 AS net
     FROM deals d JOIN mt5_accounts a ON a.id = d.account_id
     WHERE a.user_id = $1 AND d.type IN (0, 1) AND d.time_msc BETWEEN $2 AND $3`,
    [trader.id, from, to],
  );
}

/** The value after a label in the terminal's layout: 'Label:</td>' then '<td …><b>value</b>'. */
const figureIn = (html: string, label: string) =>
  new RegExp(`${label}:</td>\\r\\n\\s*<td[^>]*><b>([^<]*)</b>`).exec(html)?.[1];

/** Every screen's reading of the last 7 days, taken while no deal or balance arrived. */
async function readScreens() {
  for (;;) {
    const before = await fingerprint();
    const [overview, stats, report, curve, realtime, statement, terminal] = await Promise.all([
      get<Overview>('/dashboard/overview'),
      get<Stats>('/dashboard/stats?days=7'),
      get<ReportSummary>('/api/reports/summary?range=7d'),
      get<{ equity_curve: { balance: number }[] }>('/trading/equity-curve?days=30'),
      get<{ data: { account_info: { balance: number } | null } }>('/dashboard/realtime'),
      t.app.inject({
        method: 'POST',
        url: '/api/reports/mt5/html',
        headers: bearer(trader.token),
        payload: { date_range: '7d' },
      }),
      terminalCounts(),
    ]);
    const after = await fingerprint();
    // The reference trader keeps trading in session: a fill between two reads means read again.
    if (before.deals === after.deals && before.balance === after.balance) {
      // the statement comes in UTF-16 LE, as the terminal writes its report
      const html = new TextDecoder('utf-16le').decode(statement.rawPayload);
      return { overview, stats, report, curve, realtime, statement: html, terminal, after };
    }
  }
}

beforeAll(async () => {
  demo = await startDemoTrader(HISTORY_DAYS);
  ({ db, t, trader } = demo);
  // Wait for what the screens need, not for a lull: the account's balance reported and the
  // 7-day window holding trades (readScreens then reads one snapshot however the history flows).
  await eventually(async () => {
    if ((await fingerprint()).balance === null) return false;
    return (await get<Stats>('/dashboard/stats?days=7')).data.total_trades > 5;
  }, 90_000);
}, 120_000);

afterAll(async () => {
  await demo.stop();
});

describe('the demo account over the last 7 days', () => {
  it('every screen counts the same trades and the same result', async () => {
    const { overview, stats, report, statement, terminal } = await readScreens();
    const summary = overview.data.last_7_days;
    const summaryTrades = summary.days.reduce((n, d) => n + d.trades, 0);
    const s = stats.data;
    const r = report.data.summary;
    const hourlyTrades = overview.data.hourly.reduce((n, h) => n + h.trades, 0);
    const hourlyNet = overview.data.hourly.reduce((sum, h) => sum + h.net, 0);

    expect(s.total_trades).toBeGreaterThan(5);
    expect(summaryTrades).toBe(s.total_trades);
    expect(r.total_trades).toBe(s.total_trades);
    expect(hourlyTrades).toBe(s.total_trades);
    // The statement counts closing deals (a partial close is a trade of its own), never fewer
    // than the positions the screens count
    expect(figureIn(statement, 'Total de Negociações')).toBe(String(terminal.trades));
    expect(terminal.trades).toBeGreaterThanOrEqual(s.total_trades);

    expect(summary.total_profit).toBeCloseTo(s.profit, 6);
    expect(r.total_pnl).toBeCloseTo(s.profit, 6);
    expect(hourlyNet).toBeCloseTo(s.profit, 6);
    expect(figureIn(statement, 'Lucro Líquido Total')).toBe(
      formatCell({ kind: 'number', value: terminal.net, decimals: 2 }, 'UTC'),
    );

    expect(summary.win_rate).toBeCloseTo(s.win_rate, 9);
    expect(r.win_rate).toBeCloseTo(s.win_rate, 9);
  });

  it('the equity curve and the estimated balance end at the account’s balance', async () => {
    const { overview, stats, curve, realtime, after } = await readScreens();
    const balance = realtime.data.account_info?.balance;
    expect(balance).toBe(after.balance);
    expect(overview.data.balance_basis.source).toBe('account');
    expect(stats.data.balance_basis.source).toBe('account');
    expect(overview.data.equity_curve.at(-1)?.balance).toBeCloseTo(balance ?? Number.NaN, 6);
    expect(curve.equity_curve.at(-1)?.balance).toBeCloseTo(balance ?? Number.NaN, 6);
    expect(stats.data.balance).toBeCloseTo(balance ?? Number.NaN, 6);
  });
});
