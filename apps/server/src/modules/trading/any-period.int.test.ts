import { pairTestAgent, testDeal, type TestAgent } from '../../../test/agent-client.js';
import type { TestUser } from '../../../test/identities.js';
import { describe, expect, it } from '../../../test/fixture.js';

// Issue 26: an account whose history is 2022–2023 only. Every screen must reach it over a
// custom 'De / Até' and over 'Todo o histórico', and none over the last year.
let trader: TestUser;
let agent: TestAgent;

/** A round trip opened and closed on a São Paulo day (13:00 UTC = 10:00 there). */
function trade(ticket: number, position: number, y: number, m: number, d: number, profit: number) {
  const open = Date.UTC(y, m - 1, d, 13);
  const close = open + 30 * 60_000;
  const at = (ms: number) => ({ time: Math.floor(ms / 1000), time_msc: ms });
  return [
    testDeal(ticket, { position_id: position, type: 0, entry: 0, profit: 0, ...at(open) }),
    testDeal(ticket + 1, { position_id: position, type: 1, entry: 1, profit, ...at(close) }),
  ];
}

const DEALS = [
  ...trade(880_001, 7001, 2022, 1, 3, 150),
  ...trade(880_003, 7002, 2022, 6, 15, -40),
  ...trade(880_005, 7003, 2023, 12, 29, 90),
];
const FIRST = DEALS[0]?.time_msc;
const LAST = DEALS.at(-1)?.time_msc;

it.beforeAll(async ({ app, base, newUser }) => {
  trader = await newUser({ role: 'trader' });
  agent = await pairTestAgent(app, base, trader, 7_260_000 + trader.id);
  agent.send({ type: 'deals', batch_id: 'old-history', deals: DEALS });
  expect(await agent.next()).toMatchObject({ type: 'deals_ack' });
});
it.afterAll(() => {
  agent.close();
});

interface Summary {
  data: { summary: { total_trades: number; total_pnl: number } };
}

describe('any period (issue 26)', () => {
  it("tells when the account's deals begin and end; nulls for a user without them", async ({
    api,
    newUser,
  }) => {
    const res = await api.as(trader).get('/trading/history-span');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, first_deal_at: FIRST, last_deal_at: LAST });
    const other = await newUser({ role: 'trader' });
    expect((await api.as(other).get('/trading/history-span')).json()).toEqual({
      success: true,
      first_deal_at: null,
      last_deal_at: null,
    });
  });

  it('statistics over 2022–2023 and over the whole history count the old trades; the last year none', async ({
    api,
  }) => {
    const total = async (query: string) =>
      (await api.as(trader).get(`/dashboard/stats?${query}`)).json<{
        data: { total_trades: number; profit: number };
      }>().data;
    expect(await total('start=2022-01-01&end=2023-12-31')).toMatchObject({
      total_trades: 3,
      profit: 200 - 6 * 0.25,
    });
    expect((await total('start=1970-01-01')).total_trades).toBe(3);
    expect((await total('start=2022-06-01&end=2022-12-31')).total_trades).toBe(1);
    expect((await total('days=365')).total_trades).toBe(0);
  });

  it('trades over 2022–2023 and over the whole history list the old positions, newest first', async ({
    api,
  }) => {
    const trades = async (query: string) =>
      (await api.as(trader).get(`/bridge/trades?${query}`)).json<{
        total: number;
        trades: { position_id: string }[];
      }>();
    const custom = await trades('start_date=2022-01-03&end_date=2023-12-30');
    expect(custom.total).toBe(3);
    expect(custom.trades.map((t) => t.position_id)).toEqual(['7003', '7002', '7001']);
    expect((await trades('start_date=1970-01-01T00:00:00.000Z')).total).toBe(3);
    // Paged on the server: the total is the period's, the page its slice.
    const page = await trades('start_date=1970-01-01&limit=1&offset=1');
    expect(page.total).toBe(3);
    expect(page.trades.map((t) => t.position_id)).toEqual(['7002']);
    expect((await trades('')).total).toBe(0);
  });

  it("the reports' summary takes 'all' and a custom period of any length", async ({ api }) => {
    const summary = async (query: string) =>
      (await api.as(trader).get(`/api/reports/summary?${query}`)).json<Summary>().data.summary;
    expect(await summary('range=all')).toMatchObject({ total_trades: 3 });
    expect(await summary('start=2022-01-03&end=2023-12-30')).toMatchObject({ total_trades: 3 });
    // The end day is whole: 29/12/2023's trade is in.
    expect(await summary('start=2023-12-29&end=2023-12-29')).toMatchObject({ total_trades: 1 });
    expect(await summary('range=1y')).toMatchObject({ total_trades: 0 });
  });

  it('the statement over the whole history and over 2022–2023 holds the old deals, from the first one', async ({
    api,
  }) => {
    const html = async (body: object) => {
      const res = await api.as(trader).post('/api/reports/mt5/html', body);
      expect(res.statusCode).toBe(200);
      return new TextDecoder('utf-16le').decode(res.rawPayload);
    };
    for (const body of [
      { date_range: 'all' },
      { start: '2022-01-03', end: '2023-12-30' },
      { date_range: '7d', start: '2022-01-01' },
    ]) {
      const page = await html(body);
      for (const deal of DEALS) expect(page, JSON.stringify(body)).toContain(String(deal.ticket));
    }
    // 'Todo o histórico' names the period the data has, not 1970.
    const all = await html({ date_range: 'all' });
    expect(all).toContain('2022.01.03');
    expect(all).not.toContain('1970');
    const lastYear = await html({ date_range: '1y' });
    expect(lastYear).not.toContain(String(DEALS[0]?.ticket));
  });

  it('refuses inverted or unreadable periods with a 400 in pt-BR, on every route', async ({
    api,
  }) => {
    const refusals = [
      await api.as(trader).get('/api/reports/summary?start=2023-12-30&end=2022-01-03'),
      await api
        .as(trader)
        .post('/api/reports/mt5/html', { start: '2023-12-30', end: '2022-01-03' }),
      await api.as(trader).get('/dashboard/stats?start=2023-12-30&end=2022-01-03'),
      await api.as(trader).get('/bridge/trades?start_date=2023-12-30&end_date=2022-01-03'),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(
        'A data inicial deve ser anterior à data final.',
      );
    }
    const bad = await api.as(trader).post('/api/reports/mt5/xml', { start: '30/12/2023' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('Data inicial inválida.');
    const unknown = await api.as(trader).get('/api/reports/summary?range=2y');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toContain('Período inválido.');
  });
});
