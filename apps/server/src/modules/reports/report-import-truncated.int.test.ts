// Issue 26: a report cut short goes through the real upload route, is answered with a pt-BR 400
// that says what is missing, and leaves no deal, order or account behind; the whole file then
// imports every deal.
import { ReportImportResponseSchema } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { changedTables, dbFingerprint } from '../../../test/db-fingerprint.js';
import { cutHtml, cutXlsx, htmlRows, xlsxRows } from '../../../test/fixtures/mt5/cut.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { oneRow } from '../../db/rows.js';
import { importMessages } from './import/messages.js';

let db: TestDatabase;
let app: FastifyInstance;

it.beforeAll(({ db: givenDb, app: givenApp }) => {
  [db, app] = [givenDb, givenApp];
});

// The 358-deal hedging tester report of the issue (a deposit row, then 179 round trips).
const TESTER = 'ReportTester-Exness-EXP-GBPUSD-H1.html';
const DARWINEX = 'ReportHistory-3000090143.xlsx';

function upload(user: TestUser, body: Buffer) {
  return app.inject({
    method: 'POST',
    url: '/api/reports/import',
    headers: { ...bearer(user.token), 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

const Counts = z.object({ deals: z.number(), orders: z.number(), accounts: z.number() });

function countsOf(userId: number) {
  return oneRow(
    db.pool,
    Counts,
    `SELECT (SELECT count(*)::int FROM deals d JOIN mt5_accounts a ON a.id = d.account_id
              WHERE a.user_id = $1) AS deals,
            (SELECT count(*)::int FROM mt5_history_orders o JOIN mt5_accounts a
              ON a.id = o.account_id WHERE a.user_id = $1) AS orders,
            (SELECT count(*)::int FROM mt5_accounts WHERE user_id = $1) AS accounts`,
    [userId],
  );
}

/** Refused with `error`, and the database as it was but for the attempt counted. */
async function expectRefused(user: TestUser, body: Buffer, error: string | RegExp) {
  const before = await dbFingerprint(db.pool);
  const counts = await countsOf(user.id);
  const res = await upload(user, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ error: string }>().error).toMatch(error);
  expect(await countsOf(user.id)).toEqual(counts);
  const changed = changedTables(before, await dbFingerprint(db.pool));
  expect(changed.filter((t) => t !== 'rate_events')).toEqual([]);
}

/** Where the n-th row whose second cell is a deal ticket ends (1-based, deals only). */
function afterDealRow(file: Awaited<ReturnType<typeof htmlRows>>, n: number): number {
  const deals = file.text.indexOf('<b>Deals</b>');
  const ends = file.rowEnds.filter((end) => end > deals);
  // the Deals banner, its header, then one row a deal
  const end = ends[n + 1];
  if (end === undefined) throw new Error(`no deal row ${n}`);
  return end;
}

describe('POST /api/reports/import with a cut report', () => {
  it('refuses a tester report cut inside its Deals, storing nothing; the whole one imports', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const file = await htmlRows(TESTER);
    expect(await countsOf(trader.id)).toEqual({ deals: 0, orders: 0, accounts: 0 });

    // the cut: after a row inside the Deals table (the deposit and 180 deals)
    await expectRefused(
      trader,
      cutHtml(file, afterDealRow(file, 181)),
      importMessages.dealsCount(180, 358),
    );
    // after the last deal, before the totals row: every deal there, the totals row missing
    await expectRefused(
      trader,
      cutHtml(file, afterDealRow(file, 359)),
      importMessages.noDealsTotals,
    );

    const res = await upload(trader, cutHtml(file, file.text.length));
    expect(res.statusCode, res.body).toBe(200);
    const data = ReportImportResponseSchema.parse(res.json()).data;
    expect(data.deals).toEqual({ read: 359, new: 359, already_stored: 0 });
    expect(await countsOf(trader.id)).toMatchObject({ deals: 359, accounts: 1 });
    // the report names no margin mode: its deals prove hedging, and the account says so
    const { margin_mode } = await oneRow(
      db.pool,
      z.object({ margin_mode: z.string() }),
      'SELECT margin_mode FROM mt5_accounts WHERE id = $1',
      [data.account.id],
    );
    expect(margin_mode).toBe('hedging');
    expect(data.positions).toBe(179);
  });

  it('refuses an XLSX whose sheet lost its last rows, storing nothing', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const book = await xlsxRows(DARWINEX);
    // half the sheet: the Results block and the Deals' end are gone
    const half = book.rowEnds[Math.floor(book.rowEnds.length / 2)] ?? 0;
    await expectRefused(trader, await cutXlsx(book, half), /^O relatório está incompleto/);
    // only its last Results row gone
    const last = book.rowEnds.filter((end) => end < book.lastContent.start).at(-1) ?? 0;
    await expectRefused(trader, await cutXlsx(book, last), /^O relatório está incompleto: o bloco/);
    expect(await countsOf(trader.id)).toEqual({ deals: 0, orders: 0, accounts: 0 });
  });
});
