// Issue 26, 'Todas as contas': every account of the trader with the figures Estatísticas gives
// it, the accounts of one currency summed, never another currency's, never another user's.
import {
  AllAccountsResponseSchema,
  DashboardStatsResponseSchema,
  ReportImportResponseSchema,
  allAccountsMessages,
  type AllAccountsData,
  type Mt5Deal,
} from '@vortex/core';
import { readFile } from 'node:fs/promises';
import { storeAgentHistory } from '../../../test/agent-history.js';
import { describe, expect, it, type Requests } from '../../../test/fixture.js';
import { fixture } from '../../../test/fixtures/mt5/fixtures.js';
import { bearer, type TestUser } from '../../../test/identities.js';

const DAY = 86_400_000;
let api: Requests;
let trader: TestUser;
let other: TestUser;
const ids = { brlA: 0, brlB: 0, usd: 0, others: 0 };
let dbPool: Parameters<typeof storeAgentHistory>[0];
const START = Date.now() - 50 * DAY;

/**
 * An account's deals as its agent sends them, to the whole second as a statement writes them: a
 * deposit, `profits.length` round trips a day apart (each paying commission and a fee), and a
 * withdrawal after half of them. Its balance is what the deals add up to.
 */
function history(firstTicket: number, start: number, profits: number[], cash: [number, number]) {
  const deals: Mt5Deal[] = [];
  let ticket = firstTicket;
  const at = (ms: number) => {
    const whole = Math.floor(ms / 1000);
    return { time: whole, time_msc: whole * 1000 };
  };
  const base = { order: 0, symbol: '', volume: 0, price: 0, commission: 0, swap: 0, magic: 0 };
  const operation = (ms: number, amount: number) => {
    ticket++;
    deals.push({
      ...base,
      ticket,
      position_id: 0,
      type: 2,
      entry: 0,
      profit: amount,
      reason: 0,
      comment: amount > 0 ? 'Deposit' : 'Withdrawal',
      ...at(ms),
    });
  };
  operation(start, cash[0]);
  let balance = cash[0] - cash[1];
  profits.forEach((profit, i) => {
    const open = start + (i + 1) * DAY + 3 * 3_600_000;
    const position = firstTicket + 100 + i;
    for (const [type, entry, result, ms] of [
      [0, 0, 0, open],
      [1, 1, profit, open + 1_800_000],
    ] as const) {
      ticket++;
      deals.push({
        ticket,
        order: ticket,
        position_id: position,
        symbol: 'WINM26',
        type,
        entry,
        volume: 1,
        price: 130_000 + i * 10,
        profit: result,
        commission: -0.5,
        fee: -0.25,
        swap: 0,
        magic: 135_000,
        reason: 3,
        comment: '',
        ...at(ms),
      });
    }
    balance += profit - 1.5;
    if (i === Math.floor(profits.length / 2)) operation(open + 2 * 3_600_000, -cash[1]);
  });
  return { deals, balance };
}

async function account(
  user: TestUser,
  login: number,
  currency: string,
  made: ReturnType<typeof history>,
): Promise<number> {
  return storeAgentHistory(
    dbPool,
    {
      userId: user.id,
      accountNumber: login,
      server: 'Corretora-Real',
      company: 'Corretora',
      currency,
      marginMode: 'netting',
      tradeMode: 'real',
    },
    made.deals,
    {
      login,
      server: 'Corretora-Real',
      currency,
      margin_mode: 0,
      leverage: 100,
      balance: made.balance,
      credit: 0,
      profit: 0,
      equity: made.balance,
      margin: 0,
      margin_free: made.balance,
      margin_level: 0,
      margin_so_so: 50,
    },
  );
}

it.beforeAll(async ({ db, api: givenApi, newUser }) => {
  api = givenApi;
  dbPool = db.pool;
  trader = await newUser({ role: 'trader' });
  other = await newUser({ role: 'trader' });
  // Two BRL accounts whose trades interleave, and one in dollars.
  ids.brlA = await account(
    trader,
    7_001,
    'BRL',
    history(1_000, START, [120, -80, 45, -200, 310, 15], [5_000, 700]),
  );
  ids.brlB = await account(
    trader,
    7_002,
    'BRL',
    history(2_000, START + DAY / 2, [-60, 90, 90, -30, 250], [2_000, 300]),
  );
  ids.usd = await account(trader, 7_003, 'USD', history(3_000, START, [40, -25, 70], [1_000, 0]));
  ids.others = await account(other, 7_001, 'BRL', history(4_000, START, [999, 999], [9_000, 0]));
});

async function allAccounts(user: TestUser, query = ''): Promise<AllAccountsData> {
  const res = await api.as(user).get(`/api/accounts/all${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AllAccountsResponseSchema.parse(res.json()).data;
}

/** What Estatísticas says of one account over the query's period: chosen first, then read. */
async function statisticsOf(user: TestUser, accountId: number, query: string) {
  const chosen = await api.as(user).put('/api/accounts/current', { account_id: accountId });
  expect(chosen.statusCode).toBe(200);
  const res = await api.as(user).get(`/dashboard/stats?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return DashboardStatsResponseSchema.parse(res.json()).data;
}

const entryOf = (data: AllAccountsData, id: number) => {
  const entry = data.accounts.find((a) => a.id === id);
  if (!entry) throw new Error(`account ${id} not listed`);
  return entry;
};

const ADDED = ['balance', 'net_profit', 'deposits', 'withdrawals', 'fees'] as const;

describe("'Todas as contas' (issue 26)", () => {
  it.each([
    ['the whole history', '', 'start=1970-01-01'],
    [
      "a 'De / Até'",
      `?start=${new Date(START + 3 * DAY).toISOString()}&end=${new Date(START + 5 * DAY).toISOString()}`,
      `start=${new Date(START + 3 * DAY).toISOString()}&end=${new Date(START + 5 * DAY).toISOString()}`,
    ],
  ])("gives each account Estatísticas' own figures over %s", async (_period, query, statsQuery) => {
    const data = await allAccounts(trader, query);
    for (const id of [ids.brlA, ids.brlB, ids.usd]) {
      const stats = await statisticsOf(trader, id, statsQuery);
      expect(entryOf(data, id).figures).toMatchObject({
        balance: stats.balance,
        balance_basis: stats.balance_basis.source,
        net_profit: stats.profit,
        total_trades: stats.total_trades,
        winning_trades: stats.winning_trades,
        win_rate: stats.win_rate,
        max_drawdown: stats.max_drawdown,
        max_drawdown_percent: stats.max_drawdown_percent,
      });
    }
  });

  it('sums the BRL accounts only, lists the USD one apart, and never another user’s', async () => {
    await api.as(trader).put('/api/accounts/current', { account_id: ids.brlB });
    const data = await allAccounts(trader);
    expect(data.accounts.map((a) => a.id).sort()).toEqual([ids.brlA, ids.brlB, ids.usd].sort());
    expect(data.accounts.map((a) => a.id)).not.toContain(ids.others);
    expect(data.currencies).toEqual(['BRL', 'USD']);
    // The current account's currency by default.
    expect(data.currency).toBe('BRL');
    const [a, b] = [entryOf(data, ids.brlA).figures, entryOf(data, ids.brlB).figures];
    const total = data.total;
    expect(total).not.toBeNull();
    if (!total) return;
    expect(total.accounts).toBe(2);
    for (const key of ADDED) expect(total[key], key).toBeCloseTo(a[key] + b[key], 6);
    expect(total.total_trades).toBe(11);
    expect(total.total_trades).toBe(a.total_trades + b.total_trades);
    expect(total.winning_trades).toBe(a.winning_trades + b.winning_trades);
    expect(total.win_rate).toBeCloseTo((total.winning_trades / total.total_trades) * 100, 6);
    // The deals' own sums: deposits 5 000 + 2 000, withdrawals 700 + 300, fees 0,75 a deal.
    expect(total.deposits).toBeCloseTo(7_000, 6);
    expect(total.withdrawals).toBeCloseTo(-1_000, 6);
    expect(total.fees).toBeCloseTo(-1.5 * 11, 6);
    expect(total.balance_basis).toBe('account');
    // The curve ends at the summed balance, one point a day at most.
    expect(data.curve.at(-1)?.balance).toBeCloseTo(total.balance, 6);
    const days = data.curve.map((p) => p.date);
    expect(new Set(days).size).toBe(days.length);

    const usd = await allAccounts(trader, '?currency=usd');
    expect(usd.currency).toBe('USD');
    expect(usd.total).toMatchObject({ ...entryOf(usd, ids.usd).figures, accounts: 1 });
  });

  it('counts an account both connected and imported once', async () => {
    await api.as(trader).put('/api/accounts/current', { account_id: ids.brlA });
    const before = await allAccounts(trader);
    const statement = await api
      .as(trader)
      .post('/api/reports/mt5/html', { date_range: '90d', report_type: 'full' });
    expect(statement.statusCode).toBe(200);
    const imported = await injectImport(trader, statement.rawPayload);
    expect(imported.account.id).toBe(ids.brlA);
    // Every deal of the account (a deposit, 12 trade deals, a withdrawal) read, none new.
    expect(imported.deals).toEqual({ read: 14, new: 0, already_stored: 14 });

    const after = await allAccounts(trader);
    expect(after.accounts).toHaveLength(3);
    expect(entryOf(after, ids.brlA).last_import).toMatchObject({
      file_name: 'ReportHistory-7001.html',
    });
    expect(entryOf(after, ids.brlA).figures).toEqual(entryOf(before, ids.brlA).figures);
    expect(after.total).toEqual(before.total);
  });

  it('lists a Strategy Tester report apart: its simulated money is never summed', async ({
    newUser,
  }) => {
    const user = await newUser({ role: 'trader' });
    const real = await account(user, 7_010, 'BRL', history(5_000, START, [100, -40], [3_000, 0]));
    // a backtest of WIN in reais (the Rico tester report), the same currency as the real account
    const tester = await injectImport(
      user,
      await readFile(fixture('ReportTester-RicoDemo-WIN-ptBR.html')),
    );
    await api.as(user).put('/api/accounts/current', { account_id: real });
    const data = await allAccounts(user);
    expect(data.accounts.map((a) => a.id).sort()).toEqual([real, tester.account.id].sort());
    expect(entryOf(data, tester.account.id).currency).toBe('BRL');
    expect(entryOf(data, tester.account.id).figures.total_trades).toBeGreaterThan(0);
    expect(data.total).toMatchObject({ ...entryOf(data, real).figures, accounts: 1 });
  });

  it("gives an admin their own accounts only, as every trading read: none of the trader's", async ({
    admin,
  }) => {
    const data = await allAccounts(admin);
    expect(data.accounts).toEqual([]);
    expect(data.total).toBeNull();
  });

  it('shows a user without accounts nothing summed', async ({ newUser }) => {
    const data = await allAccounts(await newUser({ role: 'trader' }));
    expect(data).toMatchObject({ accounts: [], currencies: [], currency: null, total: null });
    expect(data.curve).toEqual([]);
  });

  it.each([
    ['an unreadable start', '?start=ontem', 'Data inicial inválida'],
    ['an inverted period', '?start=2025-05-02&end=2025-05-01', 'A data inicial deve ser anterior'],
    ['a malformed currency', '?currency=R%24', 'Moeda inválida.'],
    ['a currency none of the accounts is in', '?currency=EUR', allAccountsMessages.unknownCurrency],
    ['an unknown parameter', '?account_id=1', 'Dados inválidos.'],
  ])('refuses %s with a 400 in pt-BR', async (_case, query, message) => {
    const res = await api.as(trader).get(`/api/accounts/all${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ success: boolean; error: string }>()).toMatchObject({ success: false });
    expect(res.json<{ error: string }>().error).toContain(message);
  });
});

let injectImport: (
  user: TestUser,
  file: Buffer,
) => Promise<{
  account: { id: number };
  deals: { read: number; new: number; already_stored: number };
}>;
it.beforeAll(({ app }) => {
  injectImport = async (user, file) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/reports/import?file_name=${encodeURIComponent('ReportHistory-7001.html')}`,
      headers: { ...bearer(user.token), 'content-type': 'application/octet-stream' },
      payload: file,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ReportImportResponseSchema.parse(res.json()).data;
  };
});
