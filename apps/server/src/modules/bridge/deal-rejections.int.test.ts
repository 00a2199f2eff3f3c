import { BridgeHealthSchema, plainTextMessages, type ServerMessage } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairTestAgent, type TestAgent, testDeal } from '../../../test/agent-client.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ALL_READS_OK, readStatuses } from '../../../test/trader-reads.js';
import { ingestMessages } from './ingest.messages.js';

let db: TestDatabase;
let t: TestApp;
let base: string;
let admin: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeUser(db.pool, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

// Deals of the last hour, so that every screen's default range holds them.
const HOUR_AGO = Date.now() - 3_600_000;
const deal = (ticket: number, over: Record<string, unknown> = {}) =>
  testDeal(ticket, {
    time: Math.floor((HOUR_AGO + ticket * 1000) / 1000),
    time_msc: HOUR_AGO + ticket * 1000,
    ...over,
  });

const storedTickets = async (userId: number) =>
  (
    await db.pool.query<{ ticket: number }>(
      `SELECT d.ticket FROM deals d JOIN mt5_accounts a ON a.id = d.account_id
       WHERE a.user_id = $1 ORDER BY d.ticket`,
      [userId],
    )
  ).rows.map((r) => r.ticket);

async function trader(account: number): Promise<{ user: TestUser; agent: TestAgent }> {
  const user = await makeUser(db.pool, { role: 'trader' });
  return { user, agent: await pairTestAgent(t.app, base, user, account) };
}

async function health() {
  const res = await t.app.inject({ url: '/bridge/health', headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return BridgeHealthSchema.parse(res.json());
}

async function answer(agent: TestAgent, m: object): Promise<ServerMessage> {
  agent.send(m);
  return agent.next();
}

describe('a deal batch with poisoned deals', () => {
  it('stores the good deals, names each bad one with its reason, and keeps the connection', async () => {
    const { user, agent } = await trader(8_100_001);
    const batch = {
      type: 'deals',
      batch_id: 'mixed',
      deals: [
        deal(1),
        deal(2, { profit: 1e308 }),
        deal(3),
        deal(4),
        deal(5, { symbol: 'WIN\u0000Z25' }),
        deal(6),
      ],
    };
    const ack = await answer(agent, batch);
    expect(ack).toEqual({
      type: 'deals_ack',
      batch_id: 'mixed',
      last_ticket: 6,
      stored: 4,
      rejected: [
        { ticket: 2, reason: expect.stringMatching(/^profit: .*1000000000000/) as string },
        { ticket: 5, reason: `symbol: ${plainTextMessages.control}` },
      ],
    });
    expect(await storedTickets(user.id)).toEqual([1, 3, 4, 6]);

    // The same batch again (its ack lost): nothing stored twice, nothing recorded twice.
    expect(await answer(agent, { ...batch, batch_id: 'mixed-again' })).toMatchObject({
      type: 'deals_ack',
      stored: 0,
      rejected: [{ ticket: 2 }, { ticket: 5 }],
    });
    const next = await answer(agent, {
      type: 'deals',
      batch_id: 'next',
      deals: [deal(7), deal(8)],
    });
    expect(next).toEqual({ type: 'deals_ack', batch_id: 'next', last_ticket: 8, stored: 2 });
    expect(await storedTickets(user.id)).toEqual([1, 3, 4, 6, 7, 8]);

    // Every screen of that trader still reads.
    expect(await readStatuses(t.app, user.token)).toEqual(ALL_READS_OK);

    const { rows } = await db.pool.query<{ ticket: number; batch_id: string; symbol: string }>(
      `SELECT ticket, batch_id, raw ->> 'symbol' AS symbol FROM agent_rejections
       WHERE user_id = $1 ORDER BY ticket`,
      [user.id],
    );
    expect(rows).toEqual([
      { ticket: 2, batch_id: 'mixed', symbol: 'WINZ25' },
      // The NUL a text column cannot hold is kept spelled out.
      { ticket: 5, batch_id: 'mixed', symbol: 'WIN\\u0000Z25' },
    ]);
    const listed = (await health()).recent_rejections.filter((r) => r.username === user.username);
    expect(listed).toEqual([
      expect.objectContaining({ kind: 'deal', ticket: 5, account_number: 8_100_001 }),
      expect.objectContaining({ kind: 'deal', ticket: 2, account_number: 8_100_001 }),
    ]);
    agent.close();
  });

  it('refuses the whole batch when a bad deal cannot be told apart by ticket', async () => {
    const { user, agent } = await trader(8_100_002);
    for (const deals of [
      [deal(1), { ...deal(2), ticket: 'dois' }],
      [deal(1), deal(2), deal(2, { price: -5 })],
    ]) {
      expect(await answer(agent, { type: 'deals', batch_id: 'amb', deals })).toEqual({
        type: 'deals_rejected',
        batch_id: 'amb',
        reason: ingestMessages.unidentified,
      });
    }
    // A broken envelope with a batch id to answer by.
    const empty = await answer(agent, { type: 'deals', batch_id: 'vazio', deals: [] });
    expect(empty).toMatchObject({ type: 'deals_rejected', batch_id: 'vazio' });
    expect(empty.type === 'deals_rejected' && empty.reason).toMatch(/^Mensagem inválida: deals: /);
    expect(await storedTickets(user.id)).toEqual([]);
    expect(await answer(agent, { type: 'deals', batch_id: 'ok', deals: [deal(3)] })).toMatchObject({
      type: 'deals_ack',
      stored: 1,
    });
    const listed = (await health()).recent_rejections.filter((r) => r.username === user.username);
    expect(listed.map((r) => [r.kind, r.batch_id])).toEqual([
      ['batch', 'vazio'],
      ['batch', 'amb'],
      ['batch', 'amb'],
    ]);
    agent.close();
  });

  it('refuses a batch the database refuses (class 22) without closing the connection', async () => {
    const { user, agent } = await trader(8_100_003);
    // The database's own refusal, as a NUL or an overflow gave before the schema bounded them.
    await db.pool.query(`
      CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'valor recusado pelo teste' USING ERRCODE = '22003'; END $$;
      CREATE TRIGGER deals_refuse_poison BEFORE INSERT ON deals FOR EACH ROW
        WHEN (NEW.symbol = 'VENENO') EXECUTE FUNCTION refuse_poison();`);
    try {
      const refused = await answer(agent, {
        type: 'deals',
        batch_id: 'db',
        deals: [deal(1), deal(2, { symbol: 'VENENO' })],
      });
      expect(refused).toEqual({
        type: 'deals_rejected',
        batch_id: 'db',
        reason: ingestMessages.databaseRefusedBatch('valor recusado pelo teste (SQLSTATE 22003)'),
      });
      expect(await storedTickets(user.id)).toEqual([]);
      const ok = await answer(agent, { type: 'deals', batch_id: 'after', deals: [deal(3)] });
      expect(ok).toMatchObject({ type: 'deals_ack', stored: 1 });
      expect(agent.closed).toBeUndefined();
      const h = await health();
      expect(h.recent_rejections.find((r) => r.username === user.username)).toMatchObject({
        kind: 'batch',
        batch_id: 'db',
        ticket: null,
        account_number: 8_100_003,
      });
    } finally {
      await db.pool.query(
        'DROP TRIGGER deals_refuse_poison ON deals; DROP FUNCTION refuse_poison()',
      );
    }
    agent.close();
  });

  it('counts the rejections of the last 24 hours and prunes those older than 30 days', async () => {
    const { user, agent } = await trader(8_100_004);
    const before = (await health()).rejections_24h;
    await db.pool.query(
      `INSERT INTO agent_rejections (user_id, kind, reason, created_at) VALUES
         ($1, 'batch', 'ontem', now() - interval '25 hours'),
         ($1, 'batch', 'velha', now() - interval '31 days')`,
      [user.id],
    );
    expect((await health()).rejections_24h).toBe(before);
    await answer(agent, { type: 'deals', batch_id: 'p', deals: [deal(1, { swap: -2e12 })] });
    expect((await health()).rejections_24h).toBe(before + 1);
    const { rows } = await db.pool.query<{ reason: string }>(
      'SELECT reason FROM agent_rejections WHERE user_id = $1 AND kind = $2',
      [user.id, 'batch'],
    );
    expect(rows).toEqual([{ reason: 'ontem' }]);
    agent.close();
  });
});
