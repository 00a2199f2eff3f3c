// Done-when of issue 26: a demo on a hedging USD account with deposits, a withdrawal and fees
// (the simulator's SIM_* options) agrees with itself on every screen, and its statement imported
// back into a fresh user gives the same figures.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { backfill, type SimAccountProfile } from '../../../../bridge/src/sim/backfill.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { rowsOf } from '../../db/rows.js';
import { storeAgentHistory } from '../../../test/agent-history.js';
import { parseMt5Report } from '../reports/import/detect.js';

let api: Requests;
let db: TestDatabase;
let app: FastifyInstance;

it.beforeAll(({ db: givenDb, app: givenApp, api: givenApi }) => {
  [db, app, api] = [givenDb, givenApp, givenApi];
});

const HEDGING_USD: SimAccountProfile = {
  marginMode: 'hedging',
  currency: 'USD',
  feePerContract: 0.1,
  operations: [
    { day: 10, amount: 5_000 },
    { day: 25, amount: -3_000 },
  ],
};

/** The demo agent's account with SIM_MARGIN_MODE=hedging, SIM_CURRENCY=USD and so on. */
async function hedgingDemo(): Promise<{ user: TestUser; balance: number }> {
  const user = await makeUser(db.pool, { role: 'trader' });
  const history = backfill({
    seed: 'vortex-demo',
    days: 40,
    endTime: Date.now(),
    account: HEDGING_USD,
  });
  await storeAgentHistory(
    db.pool,
    {
      userId: user.id,
      accountNumber: 1_000_002,
      server: 'Vortex-Simulador',
      company: 'Vórtex (simulador)',
      currency: 'USD',
      marginMode: 'hedging',
      tradeMode: 'demo',
    },
    history.deals,
    history.account,
  );
  return { user, balance: history.account.balance };
}

/** Each account of the users: its kind, currency, margin mode and balance operations. */
const accountsOf = (users: TestUser[]) =>
  rowsOf(
    db.pool,
    z.object({
      kind: z.string(),
      currency: z.string(),
      margin_mode: z.string(),
      operations: z.array(z.number()),
    }),
    `SELECT a.kind, a.currency, a.margin_mode,
       coalesce(array_agg(d.profit ORDER BY d.ticket) FILTER (WHERE d.type = 2), '{}') AS operations
     FROM mt5_accounts a LEFT JOIN deals d ON d.account_id = a.id
     WHERE a.user_id = ANY($1) GROUP BY a.id ORDER BY a.id`,
    [users.map((u) => u.id)],
  );

const get = async (user: TestUser, url: string) => {
  const res = await api.as(user).get(url);
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: Record<string, unknown> }>().data;
};

const statementOf = async (user: TestUser) => {
  const res = await api
    .as(user)
    .post('/api/reports/mt5/html', { date_range: '90d', report_type: 'full' });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('a hedging USD demo with deposits, a withdrawal and fees', () => {
  it('agrees on every screen, and its statement imported back gives the same figures', async () => {
    const { user: demo, balance } = await hedgingDemo();
    const [stats, overview, report] = await Promise.all([
      get(demo, '/dashboard/stats?days=90'),
      get(demo, '/dashboard/overview?days=90'),
      get(demo, '/api/reports/summary?range=90d'),
    ]);
    expect(stats.total_trades).toBeGreaterThan(20);
    expect(stats.balance).toBeCloseTo(balance, 6);
    const { daily_stats: _daily, balance_basis: _basis, ...statistics } = stats;
    expect(overview.statistics).toEqual(statistics);
    expect(report.summary).toEqual({
      total_trades: stats.total_trades,
      win_rate: stats.win_rate,
      total_pnl: stats.profit,
      profit_factor: stats.profit_factor,
    });

    const statement = await statementOf(demo);
    const fresh = await makeUser(db.pool, { role: 'trader' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/import',
      headers: { ...bearer(fresh.token), 'content-type': 'application/octet-stream' },
      payload: statement,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Durations lose their milliseconds in the file, as the terminal writes them.
    const strip = ({
      avg_duration_ms: _ms,
      avg_duration: _text,
      ...rest
    }: Record<string, unknown>) => rest;
    expect(strip(await get(fresh, '/dashboard/stats?days=90'))).toEqual(strip(stats));
    const accounts = await accountsOf([demo, fresh]);
    const operations = [10_000, 5_000, -3_000];
    expect(accounts).toEqual([
      { kind: 'live', currency: 'USD', margin_mode: 'hedging', operations },
      { kind: 'imported', currency: 'USD', margin_mode: 'hedging', operations },
    ]);
    const results = async (bytes: Buffer) => (await parseMt5Report(bytes)).results;
    expect(await results(await statementOf(fresh))).toEqual(await results(statement));
  });
});
