import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { OutageLog } from '../../lib/outage-log.js';
import { ChannelSendError, type ChannelSenders } from './channel-sender.js';
import {
  SINGLE_ATTEMPT_ORIGINS,
  type DeliveryResult,
  type MessageChannel,
  type MessageQueue,
  type OutgoingMessage,
} from './message-queue.js';
import { messagingMessages as msg } from './messaging-messages.js';
import {
  claimNext,
  insertMessages,
  insertMessagesIn,
  markAttemptFailed,
  markSent,
  readResults,
  type ClaimedMessage,
} from './messages.repo.js';

export interface QueueOptions {
  /** Minimum time between two sends of a channel, across every instance (the rate limit). */
  intervalMs: Record<MessageChannel, number>;
  /** Attempts before a message fails for good. */
  maxAttempts: number;
  /** The first retry waits this long, each next one twice as long, up to backoffCapMs. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** How often an idle sender looks for due messages (enqueues elsewhere, retries coming due). */
  pollMs: number;
  /** How long a claimed message stays with its sender before another may take it over. */
  leaseMs: number;
}

export const defaultQueueOptions: QueueOptions = {
  intervalMs: { email: 100, sms: 500, whatsapp: 1_500 },
  maxAttempts: 5,
  backoffBaseMs: 2_000,
  backoffCapMs: 60_000,
  pollMs: 1_000,
  leaseMs: 60_000,
};

const CHANNELS: MessageChannel[] = ['email', 'sms', 'whatsapp'];

/** The delay before attempt `attempts + 1`, or null when the message has used them all. */
export function retryDelayMs(attempts: number, opts: QueueOptions): number | null {
  if (attempts >= opts.maxAttempts) return null;
  return Math.min(opts.backoffCapMs, opts.backoffBaseMs * 2 ** (attempts - 1));
}

/**
 * The message queue in PostgreSQL with a sender loop per channel in this process. Any number of
 * instances may run it on the same database: a message is claimed by one sender at a time.
 */
export class DbMessageQueue implements MessageQueue {
  private readonly opts: QueueOptions;
  private closed = false;
  private loops: Promise<void>[] = [];
  private readonly wakers = new Map<MessageChannel, () => void>();

  constructor(
    private readonly deps: {
      pool: pg.Pool;
      senders: ChannelSenders;
      log: FastifyBaseLogger;
      options?: Partial<QueueOptions>;
    },
  ) {
    this.opts = { ...defaultQueueOptions, ...deps.options };
  }

  start(): void {
    if (this.loops.length > 0 || this.closed) return;
    this.loops = CHANNELS.map((channel) => this.run(channel));
  }

  /** Stops claiming; a send under way finishes and is recorded. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakers.values()) wake();
    await Promise.all(this.loops);
  }

  async enqueue(messages: OutgoingMessage[]): Promise<string[]> {
    if (messages.length === 0) return [];
    const ids = await insertMessages(this.deps.pool, messages);
    this.wake(messages.map((m) => m.channel));
    return ids;
  }

  enqueueIn(tx: pg.PoolClient, messages: OutgoingMessage[]): Promise<string[]> {
    return insertMessagesIn(tx, messages);
  }

  wake(channels: Iterable<MessageChannel>): void {
    for (const channel of new Set(channels)) this.wakers.get(channel)?.();
  }

  results(ids: string[]): Promise<DeliveryResult[]> {
    return readResults(this.deps.pool, ids);
  }

  async settled(ids: string[], timeoutMs: number): Promise<DeliveryResult[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const results = await this.results(ids);
      if (results.every((r) => r.status !== 'pending') || Date.now() >= deadline) return results;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, deadline - Date.now())));
    }
  }

  unavailable(channel: MessageChannel): string | null {
    return this.deps.senders[channel].unavailable?.() ?? null;
  }

  // A method, not the field: the loop's condition would narrow the field for the compiler.
  private isClosed(): boolean {
    return this.closed;
  }

  private async run(channel: MessageChannel): Promise<void> {
    // Polled every second: a database that is away is told once, not three times a second.
    const outage = new OutageLog(this.deps.log, 'message queue: claim failed');
    while (!this.closed) {
      let waitMs = this.opts.pollMs;
      try {
        const claim = await claimNext(this.deps.pool, channel, {
          intervalMs: this.opts.intervalMs[channel],
          leaseMs: this.opts.leaseMs,
        });
        outage.succeeded();
        if (claim && 'message' in claim) {
          await this.deliver(claim.message);
          continue;
        }
        if (claim) waitMs = Math.min(waitMs, claim.waitMs);
      } catch (err) {
        if (this.isClosed()) return;
        outage.failed(err, { channel });
      }
      await this.sleep(channel, waitMs);
    }
  }

  private async deliver(m: ClaimedMessage): Promise<void> {
    try {
      await this.deps.senders[m.channel].send({
        to: m.recipient,
        subject: m.subject,
        body: m.body,
      });
    } catch (err) {
      const known = err instanceof ChannelSendError;
      if (!known) this.deps.log.error({ err, id: m.id, channel: m.channel }, 'message send failed');
      const once = (known && err.permanent) || SINGLE_ATTEMPT_ORIGINS.has(m.origin);
      const retryIn = once ? null : retryDelayMs(m.attempts, this.opts);
      await markAttemptFailed(
        this.deps.pool,
        m.id,
        known ? err.message : msg.unknownFailure,
        retryIn,
      );
      return;
    }
    await markSent(this.deps.pool, m.id);
  }

  private sleep(channel: MessageChannel, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakers.set(channel, done);
    });
  }
}
