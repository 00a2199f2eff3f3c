import { Mt5DealSchema } from '@vortex/core';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { testDeal } from '../../../test/agent-client.js';
import { makeUser } from '../../../test/identities.js';
import { z } from 'zod';
import { isDataRejected } from '../../db/db-errors.js';
import { rowsOf } from '../../db/rows.js';
import { copyRows } from './deal-copy.js';
import { insertDeals, upsertAccount } from './trading-ingest.repo.js';

async function account(db: TestDatabase): Promise<number> {
  const u = await makeUser(db.pool, { role: 'trader', session: false });
  return upsertAccount(db.pool, {
    userId: u.id,
    accountNumber: 8_000_000 + u.id,
    server: 'Vortex-Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
}

// The comment is set after parsing: the repository must store whatever text it is given.
const deal = (ticket: number, comment = '') => ({
  ...Mt5DealSchema.parse(testDeal(ticket)),
  comment,
});

describe('insertDeals by COPY (a batch above what is known stored)', () => {
  it('stores text that COPY would otherwise read as separators, escapes or the end of data', async ({
    db,
  }) => {
    const accountId = await account(db);
    const comments = ['a\tb', 'linha 1\nlinha 2\r', 'C:\\mt5\\', '\\.', 'ação ✓', '\\N', ''];
    const batch = comments.map((c, i) => deal(i + 1, c));
    expect(await insertDeals(db.pool, accountId, batch, 0)).toBe(comments.length);
    const rows = await rowsOf(
      db.pool,
      z.object({ comment: z.string(), price: z.number(), time_msc: z.string() }),
      'SELECT comment, price, time_msc::text FROM deals WHERE account_id = $1 ORDER BY ticket',
      [accountId],
    );
    expect(rows.map((r) => r.comment)).toEqual(comments);
    expect(rows.map((r) => [r.price, Number(r.time_msc)])).toEqual(
      batch.map((d) => [d.price, d.time_msc]),
    );
  });

  it('refuses data the database refuses with the INSERT’s own error, storing nothing', async ({
    db,
  }) => {
    const accountId = await account(db);
    const bad = [deal(1), deal(2, 'nul\u0000byte')];
    const err = await insertDeals(db.pool, accountId, bad, 0).catch((e: unknown) => e);
    expect(isDataRejected(err)).toBe(true);
    // The pool is still usable and the batch left nothing behind.
    expect(await insertDeals(db.pool, accountId, [deal(1), deal(2)], 0)).toBe(2);
  });

  it('stores every value exactly as the INSERT stores it', async ({ db }) => {
    const [byCopy, byInsert] = [await account(db), await account(db)];
    const batch = [
      { ...deal(1, '\ud800 meia'), ticket: 2 ** 53 - 1, magic: 2 ** 53 - 1, position_id: 2 ** 32 },
      {
        ...deal(2),
        symbol: 'ação✓',
        price: 1e9,
        profit: -1e12,
        commission: -0,
        fee: -0.37,
        swap: 0.1 + 0.2,
      },
      { ...deal(3), volume: 1e-7, time_msc: 4_102_444_800_000, type: 18, entry: 3, reason: 10 },
    ];
    expect(await insertDeals(db.pool, byCopy, batch, 0)).toBe(3);
    expect(await insertDeals(db.pool, byInsert, batch)).toBe(3);
    const stored = (accountId: number) =>
      rowsOf(
        db.pool,
        z.record(z.string(), z.unknown()),
        `SELECT ticket, order_ticket, position_id, symbol, type, entry, volume, price, profit,
                commission::text, fee, swap, magic, reason, comment, time_msc
         FROM deals WHERE account_id = $1 ORDER BY ticket`,
        [accountId],
      );
    const copied = await stored(byCopy);
    expect(copied).toEqual(await stored(byInsert));
    expect(copied.map((r) => r.ticket)).toEqual([2, 3, 2 ** 53 - 1]);
    // A deal without a fee (an older agent's) stores 0, by either path.
    expect(copied.map((r) => r.fee)).toEqual([-0.37, 0, 0]);
  });

  it('leaves values COPY would not take as they are to the INSERT', async ({ db }) => {
    const accountId = await account(db);
    const odd = [{ ...deal(1), magic: -1 }, deal(2)];
    expect(copyRows(odd)).toBeUndefined();
    expect(await insertDeals(db.pool, accountId, odd, 0)).toBe(2);
  });
});
