import type { Mt5Deal, TradesTotalsResponse } from '@vortex/core';
import type { LightMyRequestResponse } from 'fastify';
import type { TestUser } from '../../../test/identities.js';
import { describe, expect, it } from '../../../test/fixture.js';
import { insertDeals, upsertAccount } from '../bridge/trading-ingest.repo.js';

// Issue 26, any period: the trades screen lists at most 6000 positions, and its totals must
// cover every position of its filter. An account of 7,200 round trips over 2024, two magics,
// fees, swaps, breakevens, a deposit and one partly closed position. Every amount is a multiple
// of 0.25, so every sum is exact in any order and the figures compare with toBe.
const POSITIONS = 7_200;
const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 2, 13);
const MAGICS = [135_001, 240_010] as const;

let trader: TestUser;
let other: TestUser;
let accountId: number;

const at = (ms: number) => ({ time: Math.floor(ms / 1000), time_msc: ms });
function deal(ticket: number, over: Partial<Mt5Deal>): Mt5Deal {
  return {
    ticket,
    order: ticket,
    position_id: ticket,
    symbol: 'WINZ24',
    type: 0,
    entry: 0,
    volume: 1,
    price: 125_000,
    profit: 0,
    commission: -0.25,
    swap: 0,
    magic: MAGICS[0],
    reason: 3,
    comment: '',
    ...at(START),
    ...over,
  };
}

/** Round trip i: opened on the hour, closed 30 minutes later; every seventh one breaks even. */
function roundTrip(i: number): Mt5Deal[] {
  const open = START + i * HOUR;
  const ticket = 2 * i + 1;
  const common = { position_id: ticket, magic: MAGICS[i % 3 === 0 ? 1 : 0] };
  const profit = i % 7 === 0 ? 0.5 : ((i * 7919) % 401) / 4 - 50;
  return [
    deal(ticket, { ...common, ...at(open) }),
    deal(ticket + 1, {
      ...common,
      type: 1,
      entry: 1,
      profit,
      ...(i % 5 === 0 && i % 7 !== 0 ? { fee: -0.5 } : {}),
      swap: i % 11 === 0 && i % 7 !== 0 ? -0.75 : 0,
      ...at(open + 30 * 60_000),
    }),
  ];
}

const LAST_CLOSE = START + (POSITIONS - 1) * HOUR + 30 * 60_000;
const PARTIAL = 900_001;
const DEALS: Mt5Deal[] = [
  ...Array.from({ length: POSITIONS }, (_, i) => roundTrip(i)).flat(),
  // A deposit moves the balance, never the trades' totals.
  deal(800_001, { type: 2, symbol: '', profit: 5_000, commission: 0, ...at(START + 50 * HOUR) }),
  // Two lots bought, one sold: a partly closed position, which every screen counts.
  deal(PARTIAL, { position_id: PARTIAL, volume: 2, ...at(LAST_CLOSE + HOUR) }),
  deal(PARTIAL + 1, {
    position_id: PARTIAL,
    type: 1,
    entry: 1,
    profit: 40,
    ...at(LAST_CLOSE + 2 * HOUR),
  }),
];

it.beforeAll(async ({ db, newUser }) => {
  trader = await newUser({ role: 'trader' });
  other = await newUser({ role: 'trader' });
  accountId = await upsertAccount(db.pool, {
    userId: trader.id,
    accountNumber: 7_700_001,
    server: 'Vortex-Demo',
    company: 'Vórtex',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
  // By the agent's COPY path (nothing stored yet): the positions are built by the follower.
  await insertDeals(db.pool, accountId, DEALS, 0);
});

interface Position {
  magic: number;
  close_time: number;
  net_profit: number;
}
interface Stats {
  data: {
    total_trades: number;
    winning_trades: number;
    losing_trades: number;
    win_rate: number;
    profit: number;
    gross_profit: number;
    gross_loss: number;
    profit_factor: number | null;
  };
}

/** Every position of the query, read from the list route in pages of 6000. */
async function allPositions(get: (url: string) => Promise<LightMyRequestResponse>, query: string) {
  const out: Position[] = [];
  for (let offset = 0; ; offset += 6000) {
    const page = (await get(`/bridge/trades?${query}&offset=${offset}`)).json<{
      total: number;
      trades: Position[];
    }>();
    out.push(...page.trades);
    if (out.length >= page.total) return out;
  }
}

/** The totals a list of positions adds up to, as the statistics count them. */
function sumOf(positions: readonly Position[]) {
  const wins = positions.filter((p) => p.net_profit > 0);
  const losses = positions.filter((p) => p.net_profit < 0);
  const total = (list: readonly Position[]) => list.reduce((s, p) => s + p.net_profit, 0);
  return {
    count: positions.length,
    wins: wins.length,
    losses: losses.length,
    net_profit: total(positions),
    gross_profit: total(wins),
    gross_loss: total(losses),
  };
}

describe('GET /trading/trades/totals (issue 26: totals over any number of positions)', () => {
  it.for([
    ['the whole history', 'start_date=1970-01-01', 'start=1970-01-01'],
    [
      'a custom period',
      'start_date=2024-03-01&end_date=2024-10-31',
      'start=2024-03-01&end=2024-10-31',
    ],
    [
      'a magic over the whole history',
      'start_date=1970-01-01&magic=135001',
      'start=1970-01-01&magic=135001',
    ],
    [
      'a magic over a period',
      'start_date=2024-02-10&end_date=2024-09-05&magic=240010',
      'start=2024-02-10&end=2024-09-05&magic=240010',
    ],
  ] as const)(
    '%s: the sum over every position, and what Estatísticas says',
    async ([, trades, stats], { api }) => {
      const get = (url: string) => api.as(trader).get(url);
      const res = await get(`/trading/trades/totals?${trades}`);
      expect(res.statusCode, res.body).toBe(200);
      const { totals, account } = res.json<TradesTotalsResponse>();
      expect(account).toBe(7_700_001);

      const positions = await allPositions(get, trades.replace(/&?magic=\d+/, ''));
      const magic = /magic=(\d+)/.exec(trades)?.[1];
      const mine = magic ? positions.filter((p) => p.magic === Number(magic)) : positions;
      expect(totals).toMatchObject(sumOf(mine));

      const s = (await get(`/dashboard/stats?${stats}`)).json<Stats>().data;
      expect(totals).toMatchObject({
        count: s.total_trades,
        wins: s.winning_trades,
        losses: s.losing_trades,
        win_rate: s.win_rate,
        net_profit: s.profit,
        gross_profit: s.gross_profit,
        gross_loss: s.gross_loss,
        profit_factor: s.profit_factor,
      });
    },
  );

  it('covers more positions than the list holds, the partial one and no deposit', async ({
    api,
  }) => {
    const query = 'start_date=1970-01-01';
    const list = (await api.as(trader).get(`/bridge/trades?${query}`)).json<{
      total: number;
      trades: unknown[];
    }>();
    expect(list.trades).toHaveLength(6000);
    const { totals } = (
      await api.as(trader).get(`/trading/trades/totals?${query}`)
    ).json<TradesTotalsResponse>();
    expect(totals.count).toBe(POSITIONS + 1);
    expect(totals.count).toBe(list.total);
    // From the deals as written, independently of how the server builds positions.
    const closes = DEALS.filter((d) => d.entry === 1);
    const net = closes.reduce((s, d) => s + d.profit + d.commission + (d.fee ?? 0) + d.swap, 0);
    const opens = DEALS.filter((d) => d.entry === 0 && d.type < 2).length;
    expect(totals.net_profit).toBe(net - 0.25 * opens);
    expect(totals.fee).toBe(closes.reduce((s, d) => s + (d.fee ?? 0), 0));
    expect(totals.swap).toBe(closes.reduce((s, d) => s + d.swap, 0));
    // Each position's net from its deals: the closing deal's money and both commissions.
    const nets = closes.map((d) => d.profit + d.commission + (d.fee ?? 0) + d.swap - 0.25);
    expect(totals.wins).toBe(nets.filter((n) => n > 0).length);
    expect(totals.losses).toBe(nets.filter((n) => n < 0).length);
    expect(totals.count - totals.wins - totals.losses).toBeGreaterThanOrEqual(POSITIONS / 7);
  });

  it('counts deals stored a moment ago, before any screen read them', async ({ api, db }) => {
    const query = 'start_date=1970-01-01';
    const before = (
      await api.as(trader).get(`/trading/trades/totals?${query}`)
    ).json<TradesTotalsResponse>().totals;
    const later = [POSITIONS, POSITIONS + 1].flatMap((i) =>
      roundTrip(i + 10).map((d) => ({ ...d, ticket: d.ticket + 1_000_000, symbol: 'WDOZ24' })),
    );
    await insertDeals(db.pool, accountId, later);
    const after = (
      await api.as(trader).get(`/trading/trades/totals?${query}`)
    ).json<TradesTotalsResponse>().totals;
    expect(after.count).toBe(before.count + 2);
  });

  it("gives another user their own (empty) totals, never this account's", async ({ api, db }) => {
    const empty = (
      await api.as(other).get('/trading/trades/totals?start_date=1970-01-01')
    ).json<TradesTotalsResponse>();
    expect(empty).toEqual({
      success: true,
      totals: {
        count: 0,
        wins: 0,
        losses: 0,
        win_rate: 0,
        net_profit: 0,
        gross_profit: 0,
        gross_loss: 0,
        profit_factor: 0,
        commission: 0,
        fee: 0,
        swap: 0,
      },
      account: null,
    });
    // Even a choice pointing at the trader's account (which the accounts routes refuse) is
    // not followed: a user's reads only ever name their own accounts.
    await db.pool.query('INSERT INTO account_choices (user_id, account_id) VALUES ($1, $2)', [
      other.id,
      accountId,
    ]);
    const forged = await api.as(other).get('/trading/trades/totals?start_date=1970-01-01');
    expect(forged.json()).toEqual(empty);
    expect((await api.get('/trading/trades/totals')).statusCode).toBe(401);
  });

  it.for([
    ['start_date=ontem', 'Data inicial inválida.'],
    ['end_date=31/12/2024', 'Data final inválida.'],
    ['start_date=2024-10-31&end_date=2024-03-01', 'A data inicial deve ser anterior à data final.'],
    ['magic=-1', null],
    ['magic=abc', null],
    [`start_date=${'9'.repeat(41)}`, null],
  ] as const)('?%s → 400 in pt-BR', async ([query, message], { api }) => {
    const res = await api.as(trader).get(`/trading/trades/totals?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ success: boolean; error: string }>();
    expect(body.success).toBe(false);
    if (message) expect(body.error).toBe(message);
    else expect(body.error).toMatch(/inválid|Magic|magic/i);
    expect(body.error).not.toMatch(/\b(Invalid|Expected|Required|must be)\b/);
  });
});
