import { readFile } from 'node:fs/promises';
import {
  AccountsResponseSchema,
  REPORT_IMPORT_MAX_BYTES,
  ReportImportResponseSchema,
  accountMessages,
} from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { z } from 'zod';
import { changedTables, dbFingerprint } from '../../../test/db-fingerprint.js';
import { fixture } from '../../../test/fixtures/mt5/fixtures.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { oneRow, rowsOf } from '../../db/rows.js';
import { upsertAccount } from '../bridge/trading-ingest.repo.js';
import { currentAccountOf, liveAccountOf } from '../trading/trading.repo.js';
import { parseMt5Report } from './import/detect.js';
import { importMessages } from './import/messages.js';
import { importRouteMessages } from './report-import.messages.js';

const CountRow = z.object({ n: z.number() });

let api: Requests;
let db: TestDatabase;
let app: FastifyInstance;

it.beforeAll(({ db: givenDb, app: givenApp, api: givenApi }) => {
  [db, app, api] = [givenDb, givenApp, givenApi];
});

const FTMO = 'ReportHistory-541223056-FTMO.html';
const DARWINEX = 'ReportHistory-3000090143.xlsx';
const TESTER = 'ReportTester-ExnessK1.html';

function upload(user: TestUser, body: Buffer, query = '') {
  return app.inject({
    method: 'POST',
    url: `/api/reports/import${query}`,
    headers: { ...bearer(user.token), 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

const bytesOf = (name: string) => readFile(fixture(name));

function imported(res: { statusCode: number; json: () => unknown; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  return ReportImportResponseSchema.parse(res.json()).data;
}

/** A refusal leaves the database as it was, to the row, but for the attempt counted (issue 25). */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
  error: string,
) {
  const before = await dbFingerprint(db.pool);
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ success: false, error });
  const changed = changedTables(before, await dbFingerprint(db.pool));
  expect(changed.filter((table) => table !== 'rate_events')).toEqual([]);
}

describe('POST /api/reports/import', () => {
  it('reads a Trade History HTML into an imported account, and a second time adds nothing', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const first = imported(await upload(trader, await bytesOf(FTMO)));
    expect(first.account).toMatchObject({
      kind: 'imported',
      account_number: 541_223_056,
      server: 'FTMO-Server4',
      currency: 'USD',
    });
    expect(first.report_kind).toBe('history');
    expect(first.deals.new).toBe(first.deals.read);
    expect(first.deals.read).toBeGreaterThan(100);
    expect(first.positions).toBeGreaterThan(50);
    const { n: orders } = await oneRow(
      db.pool,
      CountRow,
      'SELECT count(*)::int AS n FROM mt5_history_orders WHERE account_id = $1',
      [first.account.id],
    );
    expect(orders).toBe(first.orders);
    expect(first.orders).toBeGreaterThan(100);
    // Every position of the report's Positions section, closed whole at its volume and profit,
    // even those closed in the same second as others (a deal is matched by volume and profit).
    const report = await parseMt5Report(fixture(FTMO));
    const stored = await rowsOf(
      db.pool,
      z.object({ position_id: z.string(), volume: z.number(), profit: z.number() }),
      `SELECT position_id, round(sum(volume)::numeric, 2)::float8 AS volume,
              round(sum(profit)::numeric, 2)::float8 AS profit FROM closed_positions
       WHERE account_id = $1 GROUP BY position_id ORDER BY position_id`,
      [first.account.id],
    );
    expect(stored.map((r) => [r.position_id, r.volume, r.profit])).toEqual(
      report.positions
        .map((p) => [p.id, p.volume, p.profit])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(first.positions).toBe(report.positions.length);

    const again = imported(await upload(trader, await bytesOf(FTMO)));
    expect(again.account.id).toBe(first.account.id);
    expect(again.deals).toEqual({
      read: first.deals.read,
      new: 0,
      already_stored: first.deals.read,
    });
    expect(again.positions).toBe(first.positions);

    // The screens read it: it is the trader's only account.
    const stats = await api.as(trader).get('/dashboard/stats?days=3650');
    // The dashboard counts the same round trips as the import's answer and the report.
    expect(stats.json<{ data: { total_trades: number } }>().data.total_trades).toBe(
      report.positions.length,
    );
  });

  it('re-importing an overlapping period adds only the new deals', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const whole = imported(await upload(trader, await bytesOf(DARWINEX)));
    // Forget the newest half of the deals, as if the first file had ended earlier.
    const { n: removed } = await oneRow(
      db.pool,
      CountRow,
      `WITH gone AS (DELETE FROM deals WHERE account_id = $1 AND ticket >
         (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY ticket) FROM deals WHERE account_id = $1)
       RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [whole.account.id],
    );
    expect(removed).toBeGreaterThan(10);
    const again = imported(await upload(trader, await bytesOf(DARWINEX)));
    expect(again.deals.new).toBe(removed);
    expect(again.deals.already_stored).toBe(whole.deals.read - removed);
    expect(again.positions).toBe(whole.positions);
  });

  it('reads XLSX and Strategy Tester reports too', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const xlsx = imported(await upload(trader, await bytesOf(DARWINEX)));
    expect(xlsx).toMatchObject({ source: 'xlsx', account: { account_number: 3_000_090_143 } });
    const tester = imported(await upload(trader, await bytesOf(TESTER)));
    expect(tester.report_kind).toBe('tester');
    expect(tester.account.account_number).toBe(0);
    expect(tester.account.server).toContain(importRouteMessages.testerServer);
    expect(tester.positions).toBeGreaterThan(0);
  });

  it('refuses what is not a report, a truncated one, another account and more than 50 MB, leaving nothing', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const ftmo = await bytesOf(FTMO);
    await expectRefused(
      () => upload(trader, Buffer.from('nome;valor\nsaldo;10\n')),
      400,
      importMessages.notMt5,
    );
    const truncated = await upload(trader, ftmo.subarray(0, Math.floor(ftmo.length * 0.6)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json<{ error: string }>().error).toMatch(/^O relatório está incompleto/);
    await expectRefused(
      () => upload(trader, ftmo.subarray(0, Math.floor(ftmo.length * 0.6))),
      400,
      truncated.json<{ error: string }>().error,
    );

    const target = imported(await upload(trader, ftmo)).account;
    await expectRefused(
      async () => upload(trader, await bytesOf(DARWINEX), `?account_id=${target.id}`),
      400,
      importRouteMessages.otherAccount('3000090143 (Darwinex-Demo)', '541223056 (FTMO-Server4)'),
    );
    await expectRefused(
      () => upload(trader, Buffer.alloc(REPORT_IMPORT_MAX_BYTES + 1, 0x20)),
      413,
      importRouteMessages.tooLarge(REPORT_IMPORT_MAX_BYTES),
    );
    // Into its own account by id it goes.
    expect(imported(await upload(trader, ftmo, `?account_id=${target.id}`)).deals.new).toBe(0);
  });

  it('is for traders, into their own imported accounts only', async () => {
    const viewer = await makeUser(db.pool, { role: 'viewer' });
    expect((await upload(viewer, await bytesOf(DARWINEX))).statusCode).toBe(403);
    const owner = await makeUser(db.pool, { role: 'trader' });
    const other = await makeUser(db.pool, { role: 'trader' });
    const theirs = imported(await upload(owner, await bytesOf(DARWINEX))).account;
    await expectRefused(
      async () => upload(other, await bytesOf(DARWINEX), `?account_id=${theirs.id}`),
      404,
      accountMessages.notYours,
    );
  });
});

describe('/api/accounts', () => {
  const accounts = async (user: TestUser) => {
    const res = await api.as(user).get('/api/accounts');
    expect(res.statusCode).toBe(200);
    return AccountsResponseSchema.parse(res.json()).data;
  };
  const choose = (user: TestUser, accountId: number) =>
    api.as(user).put('/api/accounts/current', { account_id: accountId });

  it('lists the trader’s accounts and switches the screens between them', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    expect(await accounts(trader)).toEqual({ accounts: [], current_id: null });
    const trades = async () =>
      (await api.as(trader).get('/dashboard/stats?days=3650')).json<{
        data: { total_trades: number };
      }>().data.total_trades;
    const ftmo = imported(await upload(trader, await bytesOf(FTMO)));
    const ftmoTrades = await trades();
    const darwinex = imported(await upload(trader, await bytesOf(DARWINEX)));
    // With no choice made, the newest account is shown (neither has an agent saying hello).
    const darwinexTrades = await trades();
    expect(darwinexTrades).not.toBe(ftmoTrades);
    const listed = await accounts(trader);
    expect(listed.accounts.map((a) => a.id).sort()).toEqual(
      [ftmo.account.id, darwinex.account.id].sort(),
    );

    expect((await choose(trader, ftmo.account.id)).statusCode).toBe(200);
    expect((await accounts(trader)).current_id).toBe(ftmo.account.id);
    expect(await trades()).toBe(ftmoTrades);
    // The statement is the chosen account's too.
    const statement = await api.as(trader).post('/api/reports/mt5/html', { date_range: '1y' });
    expect((await parseMt5Report(statement.rawPayload)).account.login).toBe('541223056');
    expect((await choose(trader, darwinex.account.id)).statusCode).toBe(200);
    expect(await trades()).toBe(darwinexTrades);
  });

  it('makes the imported account live when the agent says hello for it (issue 26: one account)', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const ftmo = imported(await upload(trader, await bytesOf(FTMO))).account;
    expect(ftmo.last_hello_at).toBeNull();
    const live = await upsertAccount(db.pool, {
      userId: trader.id,
      accountNumber: ftmo.account_number,
      server: ftmo.server,
      company: 'FTMO',
      currency: 'USD',
      marginMode: 'hedging',
      tradeMode: 'real',
    });
    expect(live).toBe(ftmo.id);
    const listed = await accounts(trader);
    expect(listed.accounts).toHaveLength(1);
    expect(listed.accounts[0]).toMatchObject({ id: ftmo.id, kind: 'live' });
    // Where its data came from stays: the import, and now the agent.
    expect(listed.accounts[0]?.last_import?.at).toBe(ftmo.last_import?.at);
    expect(listed.accounts[0]?.last_hello_at).not.toBeNull();
    expect(listed.current_id).toBe(live);
    expect((await currentAccountOf(db.pool, trader.id))?.kind).toBe('live');
    expect((await liveAccountOf(db.pool, trader.id))?.id).toBe(live);
    const { n } = await oneRow(
      db.pool,
      CountRow,
      'SELECT count(*)::int AS n FROM deals WHERE account_id = $1',
      [live],
    );
    expect(n).toBeGreaterThan(100);
  });

  it('refuses another user’s account id, changing nothing', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const other = await makeUser(db.pool, { role: 'trader' });
    const theirs = imported(await upload(other, await bytesOf(DARWINEX))).account;
    await expectRefused(() => choose(trader, theirs.id), 404, accountMessages.notYours);
  });
});
