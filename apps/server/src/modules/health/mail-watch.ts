import type { Health } from '@vortex/core';
import type { Mailer } from '../mail/mailer.js';

/** The mailer every feature sends through, and what its sends have shown so far. */
export interface MailWatch {
  readonly mailer: Mailer;
  health: () => Health['mail'];
}

/**
 * Judges mail by its last sends instead of connecting to SMTP on every probe: a load balancer
 * polling /health must not open a connection to the mail server each second.
 */
export function watchMail(inner: Mailer): MailWatch {
  let sentAt: Date | null = null;
  let failedAt: Date | null = null;
  // The last outcome itself: two sends in one millisecond would tie on their times.
  let lastOk: boolean | undefined;
  const mailer: Mailer = {
    kind: inner.kind,
    send: async (msg) => {
      try {
        const out = await inner.send(msg);
        sentAt = new Date();
        lastOk = true;
        return out;
      } catch (err) {
        failedAt = new Date();
        lastOk = false;
        throw err;
      }
    },
  };
  return {
    mailer,
    health: () => ({
      mode: inner.kind,
      state: lastOk === undefined ? 'unknown' : lastOk ? 'ok' : 'failing',
      last_sent_at: sentAt?.toISOString() ?? null,
      last_failure_at: failedAt?.toISOString() ?? null,
    }),
  };
}
