import { BridgeHealthSchema, plainTextMessages, type ServerMessage } from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { pairTestAgent, type TestAgent, testDeal } from '../../../test/agent-client.js';
import { ALL_READS_OK, readStatuses } from '../../../test/trader-reads.js';
import { rowsOf } from '../../db/rows.js';
import { ingestMessages } from './ingest.messages.js';

type NewUser = (opts: { role: 'trader' }) => Promise<TestUser>;

// Deals of the last hour, so that every screen's default range holds them.
const HOUR_AGO = Date.now() - 3_600_000;
const deal = (ticket: number, over: Record<string, unknown> = {}) =>
  testDeal(ticket, {
    time: Math.floor((HOUR_AGO + ticket * 1000) / 1000),
    time_msc: HOUR_AGO + ticket * 1000,
    ...over,
  });

const storedTickets = async (db: TestDatabase, userId: number) =>
  (
    await rowsOf(
      db.pool,
      z.object({ ticket: z.number() }),
      `SELECT d.ticket FROM deals d JOIN mt5_accounts a ON a.id = d.account_id
       WHERE a.user_id = $1 ORDER BY d.ticket`,
      [userId],
    )
  ).map((r) => r.ticket);

/** A new trader with an agent paired on `account`. */
async function pairedTrader(
  { app, base, newUser }: { app: FastifyInstance; base: string; newUser: NewUser },
  account: number,
): Promise<{ user: TestUser; agent: TestAgent }> {
  const user = await newUser({ role: 'trader' });
  return { user, agent: await pairTestAgent(app, base, user, account) };
}

/** The bridge health panel, read by `asAdmin`. */
async function health(asAdmin: Requests) {
  return BridgeHealthSchema.parse(await asAdmin.read('/bridge/health'));
}

async function answer(agent: TestAgent, m: object): Promise<ServerMessage> {
  agent.send(m);
  return agent.next();
}

describe('a deal batch with poisoned deals', () => {
  it('stores the good deals, names each bad one with its reason, and keeps the connection', async ({
    app,
    base,
    db,
    api,
    newUser,
    admin,
  }) => {
    const { user, agent } = await pairedTrader({ app, base, newUser }, 8_100_001);
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
    expect(await storedTickets(db, user.id)).toEqual([1, 3, 4, 6]);

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
    expect(await storedTickets(db, user.id)).toEqual([1, 3, 4, 6, 7, 8]);

    // Every screen of that trader still reads.
    expect(await readStatuses(app, user.token)).toEqual(ALL_READS_OK);

    const rows = await rowsOf(
      db.pool,
      z.object({ ticket: z.number(), batch_id: z.string(), symbol: z.string() }),
      `SELECT ticket, batch_id, raw ->> 'symbol' AS symbol FROM agent_rejections
       WHERE user_id = $1 ORDER BY ticket`,
      [user.id],
    );
    expect(rows).toEqual([
      { ticket: 2, batch_id: 'mixed', symbol: 'WINZ25' },
      // The NUL a text column cannot hold is kept spelled out.
      { ticket: 5, batch_id: 'mixed', symbol: 'WIN\\u0000Z25' },
    ]);
    const listed = (await health(api.as(admin))).recent_rejections.filter(
      (r) => r.username === user.username,
    );
    expect(listed).toEqual([
      expect.objectContaining({ kind: 'deal', ticket: 5, account_number: 8_100_001 }),
      expect.objectContaining({ kind: 'deal', ticket: 2, account_number: 8_100_001 }),
    ]);
    agent.close();
  });

  it('refuses the whole batch when a bad deal cannot be told apart by ticket', async ({
    app,
    base,
    db,
    api,
    newUser,
    admin,
  }) => {
    const { user, agent } = await pairedTrader({ app, base, newUser }, 8_100_002);
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
    expect(await storedTickets(db, user.id)).toEqual([]);
    expect(await answer(agent, { type: 'deals', batch_id: 'ok', deals: [deal(3)] })).toMatchObject({
      type: 'deals_ack',
      stored: 1,
    });
    const listed = (await health(api.as(admin))).recent_rejections.filter(
      (r) => r.username === user.username,
    );
    expect(listed.map((r) => [r.kind, r.batch_id])).toEqual([
      ['batch', 'vazio'],
      ['batch', 'amb'],
      ['batch', 'amb'],
    ]);
    agent.close();
  });

  it('refuses a batch the database refuses (class 22) without closing the connection', async ({
    app,
    base,
    db,
    api,
    newUser,
    admin,
  }) => {
    const { user, agent } = await pairedTrader({ app, base, newUser }, 8_100_003);
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
      expect(await storedTickets(db, user.id)).toEqual([]);
      const ok = await answer(agent, { type: 'deals', batch_id: 'after', deals: [deal(3)] });
      expect(ok).toMatchObject({ type: 'deals_ack', stored: 1 });
      expect(agent.closed).toBeUndefined();
      const h = await health(api.as(admin));
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

  it('counts the rejections of the last 24 hours and prunes those older than 30 days', async ({
    app,
    base,
    db,
    api,
    newUser,
    admin,
  }) => {
    const { user, agent } = await pairedTrader({ app, base, newUser }, 8_100_004);
    const before = (await health(api.as(admin))).rejections_24h;
    await db.pool.query(
      `INSERT INTO agent_rejections (user_id, kind, reason, created_at) VALUES
         ($1, 'batch', 'ontem', now() - interval '25 hours'),
         ($1, 'batch', 'velha', now() - interval '31 days')`,
      [user.id],
    );
    expect((await health(api.as(admin))).rejections_24h).toBe(before);
    await answer(agent, { type: 'deals', batch_id: 'p', deals: [deal(1, { swap: -2e12 })] });
    expect((await health(api.as(admin))).rejections_24h).toBe(before + 1);
    const rows = await rowsOf(
      db.pool,
      z.object({ reason: z.string() }),
      'SELECT reason FROM agent_rejections WHERE user_id = $1 AND kind = $2',
      [user.id, 'batch'],
    );
    expect(rows).toEqual([{ reason: 'ontem' }]);
    agent.close();
  });
});
