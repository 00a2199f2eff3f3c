import type { MessageChannel } from './message-queue.js';

/** One message as a channel sends it. */
export interface ChannelMessage {
  to: string;
  subject: string | null;
  body: string;
}

/** Delivers one message through one channel; throws when it could not (retried unless permanent). */
export interface ChannelSender {
  send(message: ChannelMessage): Promise<void>;
  /** Why the channel cannot send right now (pt-BR), or null when it can; absent means it can. */
  unavailable?(): string | null;
}

export type ChannelSenders = Record<MessageChannel, ChannelSender>;

/**
 * A channel's failure with its pt-BR reason, recorded on the message. `permanent`: no retry can
 * fix it (a rejected address, a service that is not there), so the message fails at once.
 */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}
