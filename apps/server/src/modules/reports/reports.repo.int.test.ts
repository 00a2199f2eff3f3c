import { Mt5DealSchema } from '@vortex/core';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { testDeal } from '../../../test/agent-client.js';
import { makeUser } from '../../../test/identities.js';
import { insertDeals, upsertAccount } from '../bridge/trading-ingest.repo.js';
import { balanceBefore } from './reports.repo.js';

let db: TestDatabase;
it.beforeAll(({ db: fx }) => {
  db = fx;
});

// testDeal: odd tickets open (profit 0), even tickets close with profit 10; commission -0.25 each.
const deal = (ticket: number, over: Record<string, unknown> = {}) =>
  Mt5DealSchema.parse({ ...testDeal(ticket), time_msc: ticket * 1000, ...over });

async function accountWith(deals: ReturnType<typeof deal>[], balance: number) {
  const u = await makeUser(db.pool, { role: 'trader', session: false });
  const id = await upsertAccount(db.pool, {
    userId: u.id,
    accountNumber: 8_000_000 + u.id,
    server: 'Vortex-Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
  await insertDeals(db.pool, id, deals);
  await db.pool.query('UPDATE mt5_accounts SET balance = $2 WHERE id = $1', [id, balance]);
  return id;
}

describe('balanceBefore', () => {
  it('infers the deposit an account never reported from its balance now', async () => {
    // Four trades' deals: net 4 × 10 − 8 × 0.25 = 38; the account says 10 038 now.
    const id = await accountWith(
      Array.from({ length: 8 }, (_, i) => deal(i + 1)),
      10_038,
    );
    // Before ticket 5: deals 1–4, net 2 × 10 − 4 × 0.25 = 19, on top of the 10 000 deposit.
    expect(await balanceBefore(db.pool, id, 5_000, 10_038)).toBeCloseTo(10_019, 6);
    // Without the account's balance there is nothing to infer from.
    expect(await balanceBefore(db.pool, id, 5_000)).toBeCloseTo(19, 6);
  });

  it('runs from the reported deposit, anchored on the balance the account reports', async () => {
    const deposit = deal(1, {
      type: 2,
      entry: 0,
      volume: 0,
      price: 0,
      profit: 5_000,
      commission: 0,
    });
    // Deals sum to 5 000 + 9.75 − 0.25 + 9.75 = 5 019.25; before ticket 3, 5 009.75.
    const deals = [deposit, deal(2), deal(3), deal(4)];
    const agreeing = await accountWith(deals, 5_019.25);
    expect(await balanceBefore(db.pool, agreeing, 3_000, 5_019.25)).toBeCloseTo(5_009.75, 6);
    // The account says 99 999: its history began after an earlier deposit (issue 26, HFM's
    // report), so the balance before ticket 3 is that less what the later deals moved.
    const later = await accountWith(deals, 99_999);
    expect(await balanceBefore(db.pool, later, 3_000, 99_999)).toBeCloseTo(99_999 - 9.5, 6);
  });
});
