import {
  encodeUtf16le,
  Mt5ReportRequestSchema,
  renderStatementHtml,
  renderStatementXml,
  type Mt5Deal,
  type Mt5HistoryOrder,
} from '@vortex/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { vi } from 'vitest';
import { historyOrder } from '../../../../../packages/core/src/reports/statement.fixture.js';
import { testDeal } from '../../../test/agent-client.js';
import { describe, expect, it, type TestDatabase, type TestUser } from '../../../test/fixture.js';
import { bearer } from '../../../test/identities.js';
import { wholeStatementOf } from '../../../test/whole-statement.js';
import { installAuthorization } from '../../http/authorize.js';
import { installErrorHandling } from '../../http/error-handler.js';
import { authenticate } from '../auth/session.service.js';
import { upsertHistoryOrders } from '../bridge/history-orders.repo.js';
import {
  insertDeals,
  replaceOpenPositions,
  replacePendingOrders,
  upsertAccount,
} from '../bridge/trading-ingest.repo.js';
import { reportsRoutes } from './reports.routes.js';
import { STATEMENT_APPLICATION } from './reports.service.js';
import { statementMessages, type StatementControls } from './statement-controls.js';

// One instant for the route and the reference: the header's Date and the workbook's Created.
const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const DAY = 86_400_000;
const ago = (days: number) => NOW - days * DAY;

const deal = (ticket: number, daysAgo: number, over: Partial<Mt5Deal> = {}): Mt5Deal =>
  testDeal(ticket, {
    order: ticket,
    position_id: ticket,
    type: 0,
    entry: 0,
    profit: 0,
    comment: ticket % 3 === 0 ? 'nota <&>' : '',
    time: Math.floor(ago(daysAgo) / 1000),
    time_msc: Math.round(ago(daysAgo)),
    ...over,
  }) as Mt5Deal;
const balanceOp = (ticket: number, daysAgo: number, amount: number, type = 2) =>
  deal(ticket, daysAgo, {
    type,
    entry: 0,
    position_id: 0,
    order: 0,
    symbol: '',
    volume: 0,
    price: 0,
    profit: amount,
    commission: 0,
  });

/**
 * A hedging USD account: deposits, a withdrawal, credit, fees, EURUSD longs open at once and
 * closed in the other order (one in two parts), a short opened ten days ago and closed in the
 * week, a long partly closed and still open, history orders with levels, digits, a pending order.
 */
const HEDGING: Mt5Deal[] = [
  balanceOp(1, 40, 5_000),
  deal(2, 10, { symbol: 'EURUSD', type: 1, volume: 0.5, price: 1.0842, fee: -0.4 }),
  balanceOp(3, 6, 2_000),
  deal(4, 5, { symbol: 'EURUSD', volume: 0.5, price: 1.0842, fee: -0.4 }),
  deal(5, 5, { symbol: 'EURUSD', volume: 1, price: 1.0845, commission: -3 }),
  deal(6, 4.9, { symbol: 'EURUSD', position_id: 2, type: 0, entry: 1, volume: 0.5, profit: 205 }),
  deal(7, 4.5, { symbol: 'EURUSD', position_id: 5, type: 1, entry: 1, volume: 0.4, profit: 72 }),
  deal(8, 4.5, {
    symbol: 'EURUSD',
    position_id: 4,
    type: 1,
    entry: 1,
    volume: 0.5,
    profit: -35,
    swap: -1.2,
  }),
  deal(9, 4, { symbol: 'EURUSD', position_id: 5, type: 1, entry: 1, volume: 0.6, profit: -186 }),
  balanceOp(10, 3, -1_000),
  balanceOp(11, 3, 300, 3),
  deal(12, 2, { symbol: 'XAUUSD', volume: 1, price: 2_391.37, fee: -1.1 }),
  deal(13, 1.5, { symbol: 'XAUUSD', position_id: 12, type: 1, entry: 1, volume: 0.3, profit: 12 }),
];
const HEDGING_ORDERS: Mt5HistoryOrder[] = [
  historyOrder(2, ago(10), { symbol: 'EURUSD', type: 1, tp: 1.07, position_id: 2 }),
  historyOrder(4, ago(5), { symbol: 'EURUSD', sl: 1.08, tp: 1.09, position_id: 4 }),
  historyOrder(5, ago(5), { symbol: 'EURUSD', sl: 1.079, position_id: 5 }),
  historyOrder(8, ago(4.5), { symbol: 'EURUSD', type: 1, sl: 1.081, position_id: 4 }),
  historyOrder(20, ago(8), { symbol: 'EURUSD', type: 2, state: 2, time_done_msc: ago(6) }),
];

/** An older agent's netting account: no history orders, an order filled by two deals, a reversal. */
const NETTING: Mt5Deal[] = [
  balanceOp(1, 20, 10_000),
  deal(2, 6, { order: 40, position_id: 2 }),
  deal(3, 5.9, { order: 50, position_id: 3, type: 1 }),
  deal(4, 5.8, { order: 40, position_id: 2, volume: 2 }),
  deal(5, 5, { order: 60, position_id: 2, type: 1, entry: 2, volume: 5, profit: 30 }),
  deal(6, 4, { order: 70, position_id: 2, type: 0, entry: 1, volume: 2, profit: -14, fee: -0.3 }),
  deal(7, 4, { order: 0, position_id: 3, type: 0, entry: 1, profit: 9 }),
];

/** A long hedging history: positions overlapping in threes, closed in one or two parts. */
function longHistory(positions: number, withOrders: boolean) {
  const deals: Mt5Deal[] = [balanceOp(1, 400, 50_000)];
  const orders: Mt5HistoryOrder[] = [];
  let ticket = 10;
  for (let p = 0; p < positions; p++) {
    const open = 399 - (p * 398) / positions;
    const id = ticket;
    const volume = 1 + (p % 3);
    const side = p % 2;
    deals.push(deal(ticket++, open, { position_id: id, type: side, volume, fee: -0.1 }));
    orders.push(historyOrder(id, ago(open), { position_id: id, sl: p % 4 === 0 ? 0 : 120_000 }));
    const split = p % 5 === 0 && volume > 1;
    const parts = split ? [1, volume - 1] : [volume];
    parts.forEach((part, i) => {
      const at = open - (3 + i) * (398 / positions);
      const close = {
        position_id: id,
        type: 1 - side,
        entry: 1,
        volume: part,
        profit: (p % 7) - 3,
      };
      deals.push(deal(ticket, at, close));
      orders.push(
        historyOrder(ticket++, ago(at), { position_id: id, type: 1 - side, tp: 126_000 }),
      );
    });
  }
  return { deals, orders: withOrders ? orders : [] };
}

async function seed(
  db: TestDatabase,
  user: TestUser,
  deals: Mt5Deal[],
  orders: Mt5HistoryOrder[],
  marginMode = 'hedging',
): Promise<void> {
  const accountId = await upsertAccount(db.pool, {
    userId: user.id,
    accountNumber: 8_800_000 + user.id,
    server: 'Stream-Demo',
    company: 'Stream & <Co>',
    currency: marginMode === 'hedging' ? 'USD' : 'BRL',
    marginMode,
    tradeMode: 'real',
  });
  for (let i = 0; i < deals.length; i += 5_000) {
    await insertDeals(db.pool, accountId, deals.slice(i, i + 5_000));
  }
  if (orders.length > 0) await upsertHistoryOrders(db.pool, accountId, orders);
  await db.pool.query(
    `INSERT INTO mt5_symbol_digits (account_id, symbol, digits) VALUES ($1, 'EURUSD', 5)`,
    [accountId],
  );
  await replaceOpenPositions(db.pool, accountId, [
    {
      ticket: 12,
      symbol: 'XAUUSD',
      type: 0,
      volume: 0.7,
      price_open: 2_391.37,
      sl: 2_350,
      tp: 0,
      price_current: 2_399.5,
      profit: 56.91,
      swap: -0.5,
      magic: 0,
      time: Math.floor(ago(2) / 1000),
      time_msc: ago(2),
      comment: '',
    },
  ]);
  await replacePendingOrders(db.pool, accountId, [
    {
      order: 30,
      symbol: 'EURUSD',
      type: 2,
      volume_initial: 1,
      price_open: 1.07,
      sl: 0,
      tp: 1.1,
      magic: 7,
      time_setup: Math.floor(ago(1) / 1000),
      comment: 'grade',
    },
  ]);
  await db.pool.query(
    `UPDATE mt5_accounts SET balance = b.v, equity = b.v + 56.41, margin = 100, free_margin = b.v,
       margin_level = 900, profit = 56.41
     FROM (SELECT coalesce(sum(profit + commission + fee + swap) FILTER (WHERE type <> 3), 0) AS v
           FROM deals WHERE account_id = $1) b
     WHERE id = $1`,
    [accountId],
  );
}

let hedging: TestUser;
let netting: TestUser;
let long: TestUser;
let longOlder: TestUser;
// Tens of MB of statement: more than the socket's buffers hold, so its writing waits on the client.
let huge: TestUser;

it.beforeAll(async ({ db, newUser }) => {
  [hedging, netting, long, longOlder, huge] = await Promise.all([
    newUser({ role: 'trader' }),
    newUser({ role: 'trader' }),
    newUser({ role: 'trader' }),
    newUser({ role: 'trader' }),
    newUser({ role: 'trader' }),
  ]);
  await seed(db, hedging, HEDGING, HEDGING_ORDERS);
  await seed(db, netting, NETTING, [], 'netting');
  const history = longHistory(1_500, true);
  await seed(db, long, history.deals, history.orders);
  await seed(db, longOlder, history.deals, []);
  const large = longHistory(15_000, true);
  await seed(db, huge, large.deals, large.orders);
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
it.afterAll(() => {
  vi.useRealTimers();
});

const PAYLOADS = [
  { date_range: '7d' },
  { date_range: 'all' },
  { date_range: '30d', start: '2026-11-14', end: '2026-11-17', language: 'en' },
  { date_range: '7d', report_type: 'summary' },
] as const;

describe('the streamed statement is the whole page it replaced', () => {
  const cases = [
    ['a hedging USD account with balance operations and fees', () => hedging],
    ["an older agent's netting account (orders rebuilt from deals)", () => netting],
    ['3,000 overlapping positions, more than a cursor batch', () => long],
    ['the same without history orders', () => longOlder],
  ] as const;

  it.for(cases)('%s: HTML and XML, byte for byte', async ([, who], { app, db }) => {
    const user = who();
    for (const payload of PAYLOADS) {
      const request = Mt5ReportRequestSchema.parse(payload);
      const model = await wholeStatementOf(db.pool, user.id, request, NOW);
      const html = await app.inject({
        method: 'POST',
        url: '/api/reports/mt5/html',
        headers: bearer(user.token),
        payload,
      });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-16le');
      expect(html.headers['content-disposition']).toBe(
        'inline; filename="mt5_statement_20261120_120000.html"',
      );
      expect(html.rawPayload.equals(Buffer.from(encodeUtf16le(renderStatementHtml(model))))).toBe(
        true,
      );
      const xml = await app.inject({
        method: 'POST',
        url: '/api/reports/mt5/xml',
        headers: bearer(user.token),
        payload,
      });
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-type']).toBe('application/vnd.ms-excel; charset=utf-8');
      expect(xml.body).toBe(renderStatementXml(model));
    }
  });
});

/** The statement's own connections, as pg_stat_activity names them. */
async function statementBackends(db: TestDatabase): Promise<number[]> {
  const r = await db.pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
    [STATEMENT_APPLICATION],
  );
  return r.rows.map((row) => row.pid);
}

async function openStatementRequest(base: string, user: TestUser) {
  const res = await fetch(`${base}/api/reports/mt5/html`, {
    method: 'POST',
    headers: { ...bearer(user.token), 'content-type': 'application/json' },
    body: JSON.stringify({ date_range: 'all' }),
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  return reader;
}

async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<number> {
  let bytes = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  return bytes;
}

describe('a statement that cannot finish', () => {
  it('ends as an aborted transfer when the database fails after the first bytes', async ({
    base,
    db,
  }) => {
    const reader = await openStatementRequest(base, huge);
    const [pid] = await statementBackends(db);
    expect(pid).toBeDefined();
    await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await expect(readToEnd(reader)).rejects.toThrow();
  });

  it('gives its connection back when the client goes away', async ({ base, db }) => {
    const reader = await openStatementRequest(base, huge);
    expect(await statementBackends(db)).toHaveLength(1);
    await reader.cancel();
    await expect.poll(() => statementBackends(db), { timeout: 10_000 }).toEqual([]);
  });

  it('reads to the end when nothing fails, and leaves no connection behind', async ({
    base,
    db,
  }) => {
    const reader = await openStatementRequest(base, long);
    expect(await readToEnd(reader)).toBeGreaterThan(1_000_000);
    await expect.poll(() => statementBackends(db), { timeout: 10_000 }).toEqual([]);
  });
});

// The statement's bounds (statement-controls.ts), on an app of this route alone with them
// shortened: each stream holds a connection, so neither many streams nor a client that stops
// reading may keep the pool.
describe('who may hold a statement stream, and for how long', () => {
  const apps: FastifyInstance[] = [];
  it.afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  async function statementApp(db: TestDatabase, controls: Partial<StatementControls>) {
    // the clients' keep-alive sockets would hold close() open
    const app = Fastify({ forceCloseConnections: true });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    installAuthorization(app, (token) => authenticate(db.pool, token));
    await app.register(reportsRoutes({ pool: db.pool, controls }));
    apps.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  const post = (base: string, user: TestUser) =>
    fetch(`${base}/api/reports/mt5/html`, {
      method: 'POST',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      body: JSON.stringify({ date_range: 'all' }),
    });

  it('ends a stream its client stopped reading, and gives its connection back', async ({ db }) => {
    const base = await statementApp(db, { stallMs: 300 });
    // the first bytes, then nothing more is read: tens of MB fill every buffer on the way
    const reader = await openStatementRequest(base, huge);
    expect(await statementBackends(db)).toHaveLength(1);
    await expect.poll(() => statementBackends(db), { timeout: 30_000 }).toEqual([]);
    await expect(readToEnd(reader)).rejects.toThrow();
  });

  it('lets a user hold two at once and the instance a few, in pt-BR', async ({ db }) => {
    const base = await statementApp(db, { perUser: 2, streams: 3 });
    const first = await openStatementRequest(base, huge);
    const second = await openStatementRequest(base, huge);
    const third = await post(base, huge);
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ success: false, error: statementMessages.userBusy });
    // another user takes the instance's last stream; a fourth anyone is told to come back
    const other = await openStatementRequest(base, long);
    const busy = await post(base, hedging);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('10');
    expect(await busy.json()).toEqual({ success: false, error: statementMessages.serverBusy });
    // a stream that ends gives its turn back: the user may start another
    await first.cancel();
    await expect.poll(() => statementBackends(db), { timeout: 10_000 }).toHaveLength(2);
    const again = await openStatementRequest(base, huge);
    await Promise.all([second.cancel(), other.cancel(), again.cancel()]);
    await expect.poll(() => statementBackends(db), { timeout: 10_000 }).toEqual([]);
  });
});
