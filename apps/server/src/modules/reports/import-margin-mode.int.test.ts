// A later statement of an account whose header names no margin mode and whose deals prove none
// keeps the mode the account already has: read as netting it would have turned an imported
// hedging account into a netting one (issue 26's review).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { asFile, statementHtml } from '../../../test/crafted-report.js';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { rowsOf } from '../../db/rows.js';

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
