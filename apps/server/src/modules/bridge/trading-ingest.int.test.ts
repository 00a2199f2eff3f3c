import { Mt5DealSchema } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDeal } from '../../../test/agent-client.js';
import { makeUser } from '../../../test/identities.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { insertDeals, upsertAccount } from './trading-ingest.repo.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const deals = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => Mt5DealSchema.parse(testDeal(from + i)));

async function account(): Promise<{ userId: number; accountId: number }> {
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

const count = async (accountId: number) =>
  (
    await db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM deals WHERE account_id = $1',
      [accountId],
    )
  ).rows[0]?.n;

describe('insertDeals', () => {
  it('stores a batch above what is known stored without the conflict check', async () => {
    const { accountId } = await account();
    expect(await insertDeals(db.pool, accountId, deals(1, 50), 0)).toBe(50);
    expect(await insertDeals(db.pool, accountId, deals(51, 80), 50)).toBe(30);
    expect(await count(accountId)).toBe(80);
  });

  it('falls back to the conflict check when the caller’s knowledge is stale', async () => {
    const { accountId } = await account();
    await insertDeals(db.pool, accountId, deals(1, 40));
    // The caller believes nothing is stored (another connection stored 1..40 meanwhile).
    expect(await insertDeals(db.pool, accountId, deals(21, 60), 0)).toBe(20);
    // A resend of what is stored stores nothing, with or without the hint.
    expect(await insertDeals(db.pool, accountId, deals(1, 60))).toBe(0);
    expect(await count(accountId)).toBe(60);
  });

  it('deleting a user still deletes their accounts’ deals (the trigger that replaced the FK)', async () => {
    const { userId, accountId } = await account();
    await insertDeals(db.pool, accountId, deals(1, 10));
    await db.pool.query('DELETE FROM users WHERE id = $1', [userId]);
    expect(await count(accountId)).toBe(0);
  });
});
