import { type TestUser } from '../../../test/identities.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { insertDeals, replaceOpenPositions, upsertAccount } from '../bridge/trading-ingest.repo.js';

let owner: TestUser;
let other: TestUser;
const NOW = Date.now();

const deal = (ticket: number, entry: 0 | 1, at: number, profit: number) => ({
  ticket,
  order: ticket,
  position_id: 100 + Math.ceil(ticket / 2),
  symbol: 'WINZ25',
  type: entry === 0 ? 0 : 1,
  entry,
  volume: 1,
  price: 125_000,
  profit,
  commission: 0,
  swap: 0,
  magic: 135_000,
  reason: 3,
  comment: '',
  time: Math.floor(at / 1000),
  time_msc: at,
});

it.beforeAll(async ({ db, newUser }) => {
  owner = await newUser({ role: 'trader' });
  other = await newUser({ role: 'trader' });
  const accountId = await upsertAccount(db.pool, {
    userId: owner.id,
    accountNumber: 8_800_001,
    server: 'Vortex-Demo',
    company: 'Vórtex',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
  await insertDeals(db.pool, accountId, [
    deal(1, 0, NOW - 3_600_000, 0),
    deal(2, 1, NOW - 3_000_000, 50),
    deal(3, 0, NOW - 2_600_000, 0),
    deal(4, 1, NOW - 2_000_000, -20),
  ]);
  await replaceOpenPositions(db.pool, accountId, [
    {
      ticket: 77,
      symbol: 'WINZ25',
      type: 1,
      volume: 1,
      price_open: 125_000,
      sl: 0,
      tp: 0,
      price_current: 125_010,
      profit: -2,
      swap: 0,
      magic: 135_000,
      time: Math.floor(NOW / 1000),
      time_msc: NOW,
      comment: '',
    },
  ]);
});

describe('every user reads only their own account', () => {
  it('the owner sees the trades; another user sees none of them', async ({ api }) => {
    const mine = (await api.as(owner).get('/bridge/trades')).json<{ total: number }>();
    expect(mine.total).toBe(2);
    const theirs = await api.as(other).get('/bridge/trades');
    expect(theirs.json()).toEqual({
      success: true,
      trades: [],
      total: 0,
      account: null,
      data_source: 'bridge',
      processing_info: { deals_processed: 0 },
    });
  });

  it('every read of the other user is empty', async ({ api }) => {
    const stats = (await api.as(other).get('/dashboard/stats?days=7')).json<{
      data: { total_trades: number };
    }>();
    expect(stats.data.total_trades).toBe(0);
    expect((await api.as(other).get('/dashboard/deals?days=7')).json()).toEqual({
      success: true,
      data: { deals: [], total: 0 },
    });
    expect((await api.as(other).get('/dashboard/positions')).json()).toEqual({
      success: true,
      positions: [],
      orders: [],
      updated_at: null,
    });
    const realtime = (await api.as(other).get('/dashboard/realtime')).json<{
      data: { positions: unknown[]; account_info: unknown; performance: { total_trades: number } };
    }>().data;
    expect(realtime).toMatchObject({ positions: [], account_info: null });
    expect(realtime.performance.total_trades).toBe(0);
    const report = (await api.as(other).get('/api/reports/summary?range=7d')).json<{
      data: { summary: { total_trades: number } };
    }>();
    expect(report.data.summary.total_trades).toBe(0);
    // No account of theirs: no balance to anchor to, only the estimate's base.
    expect((await api.as(other).get('/trading/equity-curve?days=7')).json()).toEqual({
      success: true,
      equity_curve: [],
      balance_basis: { source: 'estimate', initial_balance: 50_000 },
    });
    expect(
      (await api.as(owner).get('/dashboard/positions')).json<{ positions: unknown[] }>().positions,
    ).toHaveLength(1);
  });

  it('anonymous callers get 401', async ({ app }) => {
    for (const url of ['/dashboard/stats', '/bridge/trades', '/api/reports/summary']) {
      expect((await app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe('bad queries', () => {
  it.for([
    '/dashboard/stats?days=0',
    '/dashboard/stats?days=abc',
    '/dashboard/stats?days=99999',
    '/dashboard/stats?start=ontem',
    '/dashboard/stats?start=2024-02-30',
    '/dashboard/stats?start=2024-05-10&end=2024-05-01',
    '/dashboard/overview?end=nunca',
    '/trading/equity-curve?magic=-1',
    '/dashboard/deals?limit=7000',
    '/dashboard/deals?limit=0',
    '/bridge/trades?limit=6001',
    '/bridge/trades?offset=-1',
    '/bridge/trades?order=up',
    '/bridge/trades?order_by=profit',
    '/bridge/trades?end_date=31/12/2024',
    `/bridge/trades?start_date=${'9'.repeat(41)}`,
    '/api/reports/summary?range=2d',
  ])('%s → 400 in pt-BR', async (url, { api }) => {
    const res = await api.as(owner).get(url);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ success: boolean; error: string }>();
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/inválid|anterior/i);
    expect(body.error).not.toMatch(/\b(Invalid|Expected|Required|must be)\b/);
  });

  it('the largest limit is allowed', async ({ api }) => {
    expect((await api.as(owner).get('/bridge/trades?limit=6000')).statusCode).toBe(200);
    expect((await api.as(owner).get('/dashboard/deals?limit=6000&days=1')).statusCode).toBe(200);
  });
});
