import type { Mt5HistoryOrder } from '@vortex/core';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { TestAgent, testDeal } from '../../../test/agent-client.js';
import { makeUser, type TestUser } from '../../../test/identities.js';
import { historyOrder } from '../../../../../packages/core/src/reports/statement.fixture.js';

let api: Requests;
let db: TestDatabase;
let base: string;
const now = Date.now();
const at = (minutesAgo: number) => now - 3_600_000 - minutesAgo * 60_000;

it.beforeAll(({ db: givenDb, base: givenBase, api: givenApi }) => {
  [db, base, api] = [givenDb, givenBase, givenApi];
});

/** A paired agent past hello, with or without the newer fields (digits, history orders). */
async function agentOf(u: TestUser, accountNumber: number, newer: boolean): Promise<TestAgent> {
  const created = await api.as(u).post('/bridge/token/create', { label: 'statement' });
  const agent = await TestAgent.connect(base);
  agent.send({
    type: 'auth',
    protocol: 1,
    client_version: '0.1.0',
    pairing_token: created.json<{ token: string }>().token,
  });
  expect((await agent.next()).type).toBe('auth_ok');
  agent.send({
    type: 'hello',
    account_number: accountNumber,
    server: 'Vortex-Demo',
    currency: 'BRL',
    margin_mode: 'netting',
    trade_mode: 'demo',
    client_version: '0.1.0',
    ...(newer ? { symbol_digits: [{ symbol: 'WINZ25', digits: 0 }] } : {}),
  });
  expect((await agent.next()).type).toBe('resume');
  return agent;
}

const deals = (fee: boolean) => {
  const open = at(60);
  const close = at(30);
  const with_ = (d: ReturnType<typeof testDeal>) => (fee ? { ...d, fee: -0.32 } : d);
  return [
    with_(
      testDeal(1, {
        order: 10,
        position_id: 10,
        type: 0,
        entry: 0,
        price: 125_000,
        time: Math.floor(open / 1000),
        time_msc: open,
      }),
    ),
    with_(
      testDeal(2, {
        order: 12,
        position_id: 10,
        type: 1,
        entry: 1,
        price: 124_895,
        profit: -21,
        time: Math.floor(close / 1000),
        time_msc: close,
      }),
    ),
  ];
};

const reported = (ticket: number, over: Partial<Mt5HistoryOrder>) =>
  historyOrder(ticket, at(60), { position_id: 10, ...over });

async function statement(u: TestUser): Promise<string> {
  const res = await api.as(u).post('/api/reports/mt5/html', { date_range: '7d', language: 'en' });
  expect(res.statusCode).toBe(200);
  return new TextDecoder('utf-16le').decode(res.rawPayload);
}

/** The cells of the table row whose second cell is `ticket` in the section after `title`. */
function rowOf(html: string, title: string, ticket: string): string[] {
  const section = html.slice(html.indexOf(`<b>${title}</b>`));
  for (const row of section.split('</tr>')) {
    const cells = [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1] ?? '');
    if (cells[1] === ticket) return cells;
  }
  throw new Error(`no row ${ticket} under ${title}`);
}

describe('the statement of an account whose agent reports history orders, fees and digits', () => {
  it("writes the orders' S / L, T / P, done time and state, the position's last levels, fees and digits", async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    const agent = await agentOf(u, 7_300_001, true);
    agent.send({ type: 'deals', batch_id: 'd', deals: deals(true) });
    expect((await agent.next()).type).toBe('deals_ack');
    agent.send({
      type: 'history_orders',
      batch_id: 'o',
      orders: [
        reported(10, { sl: 124_800, tp: 125_400, time_done_msc: at(60) + 150 }),
        reported(12, {
          type: 1,
          sl: 124_900,
          tp: 125_400,
          time_setup_msc: at(30),
          time_done_msc: at(30),
          reason: 4,
        }),
      ],
    });
    expect((await agent.next()).type).toBe('history_orders_ack');
    const html = await statement(u);
    const order = rowOf(html, 'Orders', '10');
    expect(order.slice(3, 8)).toEqual(['buy', '1 / 1', 'market', '124800', '125400']);
    expect(order[9]).toBe('filled');
    const position = rowOf(html, 'Positions', '10');
    // time, id, symbol, type, hidden magic, volume, price, S / L, T / P
    expect(position.slice(6, 9)).toEqual(['125000', '124900', '125400']);
    const deal = rowOf(html, 'Deals', '2');
    expect(deal[6]).toBe('124895');
    expect(deal[10]).toBe('-0.32');
    agent.close();
  });

  it("rebuilds the orders from the deals for an older agent's account, fees 0.00", async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    const agent = await agentOf(u, 7_300_002, false);
    agent.send({ type: 'deals', batch_id: 'd', deals: deals(false) });
    expect((await agent.next()).type).toBe('deals_ack');
    const html = await statement(u);
    const order = rowOf(html, 'Orders', '10');
    expect(order.slice(3, 8)).toEqual(['buy', '1 / 1', 'market', '', '']);
    expect(rowOf(html, 'Deals', '2')[10]).toBe('0.00');
    expect(rowOf(html, 'Positions', '10').slice(6, 9)).toEqual(['125000.00', '', '']);
    agent.close();
  });
});
