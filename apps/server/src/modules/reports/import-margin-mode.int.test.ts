// What an import into an existing account leaves of it (issue 26's review): a later statement
// whose header names no margin mode and whose deals prove none keeps the account's mode (read
// as netting it turned an imported hedging account into a netting one), and the orders an agent
// sent keep the agent's copy (the report's replaced their magic, reason and milliseconds).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { asFile, statementHtml } from '../../../test/crafted-report.js';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { oneRow, rowsOf } from '../../db/rows.js';

let db: TestDatabase;
let app: FastifyInstance;

it.beforeAll(({ db: givenDb, app: givenApp }) => {
  [db, app] = [givenDb, givenApp];
});

function upload(user: TestUser, html: string) {
  return app.inject({
    method: 'POST',
    url: '/api/reports/import',
    headers: { ...bearer(user.token), 'content-type': 'application/octet-stream' },
    payload: asFile(html),
  });
}

const modesOf = (userId: number) =>
  rowsOf(
    db.pool,
    z.object({ margin_mode: z.string() }),
    'SELECT margin_mode FROM mt5_accounts WHERE user_id = $1',
    [userId],
  );

describe('an import whose file proves no margin mode', () => {
  // The statement's Account line: '5012345 (BRL, XPMT5-DEMO, demo, Netting)', spaces as &nbsp;.
  const html = statementHtml();
  const hedging = html.replace('demo,&nbsp;Netting)', 'demo,&nbsp;Hedge)');
  const unnamed = html.replace(',&nbsp;Netting)', ')');

  it('keeps the mode its account already has', async () => {
    expect(hedging).not.toBe(html);
    expect(unnamed).not.toBe(html);
    const user = await makeUser(db.pool, { role: 'trader' });
    const first = await upload(user, hedging);
    expect(first.statusCode, first.body).toBe(200);
    expect(await modesOf(user.id)).toEqual([{ margin_mode: 'hedging' }]);

    const again = await upload(user, unnamed);
    expect(again.statusCode, again.body).toBe(200);
    expect(await modesOf(user.id)).toEqual([{ margin_mode: 'hedging' }]);
  });

  it('is netting on an account of its own', async () => {
    const user = await makeUser(db.pool, { role: 'trader' });
    const res = await upload(user, unnamed);
    expect(res.statusCode, res.body).toBe(200);
    expect(await modesOf(user.id)).toEqual([{ margin_mode: 'netting' }]);
  });
});

describe('an import into an account an agent feeds', () => {
  it("keeps the agent's copy of its orders and adds the ones it lacks", async () => {
    const user = await makeUser(db.pool, { role: 'trader' });
    const { id } = await oneRow(
      db.pool,
      z.object({ id: z.number() }),
      `INSERT INTO mt5_accounts (user_id, account_number, server, last_hello_at)
       VALUES ($1, 5012345, 'XPMT5-DEMO', now()) RETURNING id`,
      [user.id],
    );
    // order 503 (deal 3's) as the agent sent it: its magic, reason and milliseconds
    await db.pool.query(
      `INSERT INTO mt5_history_orders (account_id, ticket, symbol, type, state, volume_initial,
         volume_current, price_open, sl, tp, price_current, time_setup_msc, time_done_msc, magic,
         comment, position_id, reason)
       VALUES ($1, 503, 'WINZ25', 1, 4, 1, 0, 125150, 0, 0, 125150, 1764590400123,
         1764590400456, 777, 'do agente', 2, 3)`,
      [id],
    );
    const res = await upload(user, statementHtml());
    expect(res.statusCode, res.body).toBe(200);
    const orders = await rowsOf(
      db.pool,
      z.object({ ticket: z.number(), magic: z.number(), comment: z.string() }),
      'SELECT ticket, magic, comment FROM mt5_history_orders WHERE account_id = $1 ORDER BY ticket',
      [id],
    );
    expect(orders.find((o) => o.ticket === 503)).toEqual({
      ticket: 503,
      magic: 777,
      comment: 'do agente',
    });
    expect(orders.length).toBeGreaterThan(1);
  });
});
