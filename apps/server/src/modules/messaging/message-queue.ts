import type pg from 'pg';
/**
 * The platform's outgoing messages, by email, SMS or WhatsApp: the communication centre's
 * manual sends and channel tests, and the alerts, all go through one queue persisted in the
 * database. Each message is delivered once, retried with backoff, rate-limited per channel, and
 * keeps its result.
 */
export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address, or a phone number with its country code (digits, e.g. 5511987654321). */
  to: string;
  /** Email only. */
  subject?: string;
  body: string;
  /** The user it is meant for, when it is meant for one. */
  userId?: number | null;
  /** What produced it: 'manual', 'channel_test', 'alert:trade_close', ... */
  origin: string;
  /** Groups the messages of one send (a manual send to many users). */
  batchId?: string;
  /** At most one message is ever queued per key (an alert's idempotency). */
  dedupeKey?: string;
}

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Origins whose message is tried once: a channel test answers whether the channel works now,
 * and a test that failed must not arrive minutes later from a retry.
 */
export const SINGLE_ATTEMPT_ORIGINS: ReadonlySet<string> = new Set(['channel_test', 'user_test']);

export interface DeliveryResult {
  id: string;
  channel: MessageChannel;
  to: string;
  userId: number | null;
  status: DeliveryStatus;
  attempts: number;
  /** The last failure, in pt-BR, or null. */
  error: string | null;
}

export interface MessageQueue {
  /** Stores the messages (one transaction) and wakes the sender; their ids, in order. */
  enqueue(messages: OutgoingMessage[]): Promise<string[]>;
  /**
   * Stores the messages inside the caller's transaction, so they exist exactly when what caused
   * them does; the caller wakes the senders with `wake` once it committed.
   */
  enqueueIn(tx: pg.PoolClient, messages: OutgoingMessage[]): Promise<string[]>;
  /** Tells the channels' senders that new messages are due. */
  wake(channels: Iterable<MessageChannel>): void;
  /** Where those messages stand now. */
  results(ids: string[]): Promise<DeliveryResult[]>;
  /** Resolves once every one of them is sent or failed for good, or at `timeoutMs`. */
  settled(ids: string[], timeoutMs: number): Promise<DeliveryResult[]>;
  /** Why `channel` cannot send right now (WhatsApp not linked), or null when it can. */
  unavailable(channel: MessageChannel): string | null;
}
