import type { AlertText } from '@vortex/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import type { MessageQueue } from '../messaging/message-queue.js';
import { alertDeliveryMessages } from './alerts.messages.js';
import { AlertDispatcher } from './alert-dispatcher.js';

let db: TestDatabase;
let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

const alert: AlertText = {
  type: 'trade_close',
  title: 'Trade fechado: +R$ 12,00',
  message: 'WINZ26 compra 1 contrato, resultado R$ 12,00.',
};

/** The app's queue with some of its methods replaced. */
const queueWith = (over: Pick<MessageQueue, 'enqueueIn' | 'wake'>): MessageQueue => {
  const real = t.app.messageQueue;
  return {
    enqueue: (messages) => real.enqueue(messages),
    results: (ids) => real.results(ids),
    settled: (ids, ms) => real.settled(ids, ms),
    unavailable: (channel) => real.unavailable(channel),
    ...over,
  };
};

const logged = async (key: string) =>
  (
    await db.pool.query<{ id: string; deliveries: { message_id: string | null; error: string }[] }>(
      'SELECT id, deliveries FROM alert_log WHERE dedupe_key = $1',
      [key],
    )
  ).rows;

const queuedFor = async (userId: number) =>
  (
    await db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM messages WHERE user_id = $1',
      [userId],
    )
  ).rows[0]?.n;

describe('raising an alert', () => {
  it('logs the alert and queues its messages in one commit, then sends them', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const key = `test:atomic:${trader.id}`;
    let seenMidway: unknown[] | undefined;
    // Looks from another connection while the messages are being queued: a server dying at
    // this point must leave nothing behind, so nothing of the alert may be visible yet.
    const watching = queueWith({
      enqueueIn: async (tx, messages) => {
        seenMidway = await logged(key);
        return t.app.messageQueue.enqueueIn(tx, messages);
      },
      wake: (channels) => t.app.messageQueue.wake(channels),
    });
    const dispatcher = new AlertDispatcher({ pool: db.pool, log, queue: () => watching });
    const id = await dispatcher.raise(trader.id, alert, key);
    expect(id).toBeGreaterThan(0);
    expect(seenMidway).toEqual([]);
    const [row] = await logged(key);
    expect(row?.deliveries[0]?.message_id).toBeTruthy();
    await t.smtp.waitFor((m) => m.to.includes(trader.email) && m.subject.includes('Trade fechado'));
    // The key is spent: the same event heard again raises nothing.
    expect(await dispatcher.raise(trader.id, alert, key)).toBeUndefined();
  });

  it('keeps the alert with the reason when the queue refuses, and none of its messages', async () => {
    const trader = await makeUser(db.pool, { role: 'trader' });
    const key = `test:refused:${trader.id}`;
    const refusing = queueWith({
      // Writes the messages, then fails: the savepoint must take them back.
      enqueueIn: async (tx, messages) => {
        await t.app.messageQueue.enqueueIn(tx, messages);
        throw new Error('fila fora do ar');
      },
      wake: () => undefined,
    });
    const dispatcher = new AlertDispatcher({ pool: db.pool, log, queue: () => refusing });
    expect(await dispatcher.raise(trader.id, alert, key)).toBeGreaterThan(0);
    const [row] = await logged(key);
    expect(row?.deliveries).toContainEqual(
      expect.objectContaining({
        channel: 'email',
        to: trader.email,
        message_id: null,
        error: alertDeliveryMessages.queueFailed,
      }),
    );
    expect(await queuedFor(trader.id)).toBe(0);
  });
});
