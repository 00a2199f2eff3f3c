import type { AlertText } from '@vortex/core';
import pino from 'pino';
import { z } from 'zod';
import { describe, expect, it, type TestApp, type TestDatabase } from '../../../test/fixture.js';
import { oneRow, rowsOf } from '../../db/rows.js';
import type { MessageQueue } from '../messaging/message-queue.js';
import { alertDeliveryMessages } from './alerts.messages.js';
import { AlertDispatcher } from './alert-dispatcher.js';

const log = pino({ level: 'silent' });

const alert: AlertText = {
  type: 'trade_close',
  title: 'Trade fechado: +R$ 12,00',
  message: 'WINZ26 compra 1 contrato, resultado R$ 12,00.',
};

/** The app's queue with some of its methods replaced. */
const queueWith = (t: TestApp, over: Pick<MessageQueue, 'enqueueIn' | 'wake'>): MessageQueue => {
  const real = t.app.messageQueue;
  return {
    enqueue: (messages) => real.enqueue(messages),
    results: (ids) => real.results(ids),
    settled: (ids, ms) => real.settled(ids, ms),
    unavailable: (channel) => real.unavailable(channel),
    ...over,
  };
};

const LoggedSchema = z.object({
  id: z.number(),
  deliveries: z.array(
    z.looseObject({ message_id: z.string().nullable(), error: z.string().nullable() }),
  ),
});
const logged = (db: TestDatabase, key: string) =>
  rowsOf(db.pool, LoggedSchema, 'SELECT id, deliveries FROM alert_log WHERE dedupe_key = $1', [
    key,
  ]);

const queuedFor = async (db: TestDatabase, userId: number) =>
  (
    await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      'SELECT count(*) AS n FROM messages WHERE user_id = $1',
      [userId],
    )
  ).n;

describe('raising an alert', () => {
  it('logs the alert and queues its messages in one commit, then sends them', async ({
    db,
    t,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const key = `test:atomic:${trader.id}`;
    let seenMidway: unknown[] | undefined;
    // Looks from another connection while the messages are being queued: a server dying at
    // this point must leave nothing behind, so nothing of the alert may be visible yet.
    const watching = queueWith(t, {
      enqueueIn: async (tx, messages) => {
        seenMidway = await logged(db, key);
        return t.app.messageQueue.enqueueIn(tx, messages);
      },
      wake: (channels) => t.app.messageQueue.wake(channels),
    });
    const dispatcher = new AlertDispatcher({ pool: db.pool, log, queue: () => watching });
    const id = await dispatcher.raise(trader.id, alert, key);
    expect(id).toBeGreaterThan(0);
    expect(seenMidway).toEqual([]);
    const [row] = await logged(db, key);
    expect(row?.deliveries[0]?.message_id).toBeTruthy();
    await t.smtp.waitFor((m) => m.to.includes(trader.email) && m.subject.includes('Trade fechado'));
    // The key is spent: the same event heard again raises nothing.
    expect(await dispatcher.raise(trader.id, alert, key)).toBeUndefined();
  });

  it('keeps the alert with the reason when the queue refuses, and none of its messages', async ({
    db,
    t,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const key = `test:refused:${trader.id}`;
    const refusing = queueWith(t, {
      // Writes the messages, then fails: the savepoint must take them back.
      enqueueIn: async (tx, messages) => {
        await t.app.messageQueue.enqueueIn(tx, messages);
        throw new Error('fila fora do ar');
      },
      wake: () => undefined,
    });
    const dispatcher = new AlertDispatcher({ pool: db.pool, log, queue: () => refusing });
    expect(await dispatcher.raise(trader.id, alert, key)).toBeGreaterThan(0);
    const [row] = await logged(db, key);
    expect(row?.deliveries).toContainEqual(
      expect.objectContaining({
        channel: 'email',
        to: trader.email,
        message_id: null,
        error: alertDeliveryMessages.queueFailed,
      }),
    );
    expect(await queuedFor(db, trader.id)).toBe(0);
  });
});
