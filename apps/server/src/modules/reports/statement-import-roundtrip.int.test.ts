// Done-when of issue 16: the demo account's statement, imported back into a fresh user, gives the
// same /dashboard/stats and the same Results block.
import { formatDuration } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { backfill } from '../../../../bridge/src/sim/backfill.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { storeAgentHistory } from '../../../test/agent-history.js';
import { parseMt5Report } from './import/detect.js';

let api: Requests;
let db: TestDatabase;
let app: FastifyInstance;

it.beforeAll(({ db: givenDb, app: givenApp, api: givenApi }) => {
  [db, app, api] = [givenDb, givenApp, givenApi];
});

/**
 * The demo trader's account as the demo agent fills it: the simulator's history (the demo's seed,
 * 40 trading days up to now) stored through the agent's own inserts, and its figures.
 */
async function demoTrader(): Promise<TestUser> {
  const user = await makeUser(db.pool, { role: 'trader' });
  const history = backfill({ seed: 'vortex', days: 40, endTime: Date.now() });
  await storeAgentHistory(
    db.pool,
    {
      userId: user.id,
      accountNumber: 1_000_001,
      server: 'Vortex-Demo',
      company: 'Vórtex Simulador',
      currency: 'BRL',
      marginMode: 'netting',
      tradeMode: 'demo',
    },
    history.deals,
    history.account,
  );
  return user;
}

const statementOf = async (user: TestUser) => {
  const res = await api
    .as(user)
    .post('/api/reports/mt5/html', { date_range: '90d', report_type: 'full' });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const statsOf = async (user: TestUser) => {
  const res = await api.as(user).get('/dashboard/stats?days=90');
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Record<string, unknown> }>().data;
};

describe('the demo statement imported back into a fresh user', () => {
  it('gives the same /dashboard/stats and the same Results block', async () => {
    const demo = await demoTrader();
    const statement = await statementOf(demo);
    const demoStats = await statsOf(demo);
    expect(demoStats.total_trades).toBeGreaterThan(20);

    const fresh = await makeUser(db.pool, { role: 'trader' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/import',
      headers: { ...bearer(fresh.token), 'content-type': 'application/octet-stream' },
      payload: statement,
    });
    expect(res.statusCode, res.body).toBe(200);

    // The file writes times to the second, as the terminal: durations lose their milliseconds,
    // which can carry the average's 'Xh Ym' text across a minute.
    const {
      avg_duration_ms: importedMs,
      avg_duration: importedText,
      ...imported
    } = await statsOf(fresh);
    const { avg_duration_ms: demoMs, avg_duration: demoText, ...demoRest } = demoStats;
    expect(imported).toEqual(demoRest);
    expect(Math.abs(Number(importedMs) - Number(demoMs))).toBeLessThan(1_000);
    expect(importedText).toBe(formatDuration(Number(importedMs)));
    expect(demoText).toBe(formatDuration(Number(demoMs)));
    const results = async (bytes: Buffer) => (await parseMt5Report(bytes)).results;
    expect(await results(await statementOf(fresh))).toEqual(await results(statement));
  });
});
