import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDecimal } from '@vortex/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/bot-scenario.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { startDemoBridge } from '../demo/demo-bridge.js';

/**
 * Issue 14: for the demo account (the real agent on the simulated MT5, as `npm start` runs it)
 * and one window, the dashboard's 7-day summary, Statistics, Reports (summary and statement)
 * and the hourly chart count the same trades and the same result, and the equity curve ends at
 * the balance the account reports.
 */
const BRIDGE_MAIN = fileURLToPath(new URL('../../../../bridge/dist/main.js', import.meta.url));
// About two weeks of trading days: the 7-day window starts in the middle of the history.
const HISTORY_DAYS = '10';

let db: TestDatabase;
let t: TestApp;
let trader: TestUser;
let stateDir: string;
let stopBridge: () => Promise<void>;

/** Deals stored and the balance reported: equal fingerprints mean nothing arrived between. */
async function fingerprint(): Promise<{ deals: number; balance: number | null }> {
  const { rows } = await db.pool.query<{ deals: number; balance: number | null }>(
    `SELECT (SELECT count(*)::int FROM deals d WHERE d.account_id = a.id) AS deals, a.balance
     FROM mt5_accounts a WHERE a.user_id = $1`,
    [trader.id],
  );
  return rows[0] ?? { deals: 0, balance: null };
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

/** Every screen's reading of the last 7 days, taken while no deal or balance arrived. */
async function readScreens() {
  for (;;) {
    const before = await fingerprint();
    const [overview, stats, report, curve, realtime, statement] = await Promise.all([
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
    ]);
    const after = await fingerprint();
    // The reference trader keeps trading in session: a fill between two reads means read again.
    if (before.deals === after.deals && before.balance === after.balance) {
      return { overview, stats, report, curve, realtime, statement: statement.body, after };
    }
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  trader = await makeUser(db.pool, { role: 'trader' });
  stateDir = await mkdtemp(path.join(tmpdir(), 'vortex-agree-'));
  stopBridge = await startDemoBridge({
    pool: db.pool,
    userId: trader.id,
    bridgeMain: BRIDGE_MAIN,
    apiUrl: base,
    stateDir,
    env: { SIM_HISTORY_DAYS: HISTORY_DAYS },
    log: pino({ level: 'silent' }),
  });
  // Wait for what the screens need, not for a lull: the account's balance reported and the
  // 7-day window holding trades (readScreens then reads one snapshot however the history flows).
  await eventually(async () => {
    if ((await fingerprint()).balance === null) return false;
    return (await get<Stats>('/dashboard/stats?days=7')).data.total_trades > 5;
  }, 90_000);
}, 120_000);

afterAll(async () => {
  await stopBridge();
  await t.close();
  await db.drop();
  await rm(stateDir, { recursive: true, force: true });
});

describe('the demo account over the last 7 days', () => {
  it('every screen counts the same trades and the same result', async () => {
    const { overview, stats, report, statement } = await readScreens();
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
    expect(statement).toContain(`data-key="total_trades">${String(s.total_trades)}</td>`);

    expect(summary.total_profit).toBeCloseTo(s.profit, 6);
    expect(r.total_pnl).toBeCloseTo(s.profit, 6);
    expect(hourlyNet).toBeCloseTo(s.profit, 6);
    expect(statement).toContain(`data-key="total_net_profit">${formatDecimal(s.profit)}</td>`);

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
