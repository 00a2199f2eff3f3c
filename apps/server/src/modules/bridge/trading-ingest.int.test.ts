import { Mt5DealSchema } from '@vortex/core';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { z } from 'zod';
import { testDeal } from '../../../test/agent-client.js';
import { makeUser } from '../../../test/identities.js';
import { oneRow } from '../../db/rows.js';
import { insertDeals, upsertAccount } from './trading-ingest.repo.js';

const deals = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => Mt5DealSchema.parse(testDeal(from + i)));

async function account(db: TestDatabase): Promise<{ userId: number; accountId: number }> {
  const u = await makeUser(db.pool, { role: 'trader', session: false });
  const accountId = await upsertAccount(db.pool, {
    userId: u.id,
    accountNumber: 7_000_000 + u.id,
    server: 'Vortex-Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
  return { userId: u.id, accountId };
}

const count = async (db: TestDatabase, accountId: number) =>
  (
    await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      'SELECT count(*) AS n FROM deals WHERE account_id = $1',
      [accountId],
    )
  ).n;

describe('insertDeals', () => {
  it('stores a batch above what is known stored without the conflict check', async ({ db }) => {
    const { accountId } = await account(db);
    expect(await insertDeals(db.pool, accountId, deals(1, 50), 0)).toBe(50);
    expect(await insertDeals(db.pool, accountId, deals(51, 80), 50)).toBe(30);
    expect(await count(db, accountId)).toBe(80);
  });

  it('falls back to the conflict check when the caller’s knowledge is stale', async ({ db }) => {
    const { accountId } = await account(db);
    await insertDeals(db.pool, accountId, deals(1, 40));
    // The caller believes nothing is stored (another connection stored 1..40 meanwhile).
    expect(await insertDeals(db.pool, accountId, deals(21, 60), 0)).toBe(20);
    // A resend of what is stored stores nothing, with or without the hint.
    expect(await insertDeals(db.pool, accountId, deals(1, 60))).toBe(0);
    expect(await count(db, accountId)).toBe(60);
  });

  it('deleting a user still deletes their accounts’ deals (the trigger that replaced the FK)', async ({
    db,
  }) => {
    const { userId, accountId } = await account(db);
    await insertDeals(db.pool, accountId, deals(1, 10));
    await db.pool.query('DELETE FROM users WHERE id = $1', [userId]);
    expect(await count(db, accountId)).toBe(0);
  });
});
