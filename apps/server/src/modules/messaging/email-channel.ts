import { diskErrorMessage } from '../../lib/disk-errors.js';
import type { Mailer } from '../mail/mailer.js';
import { ChannelSendError, type ChannelSender } from './channel-sender.js';
import { messagingMessages as msg } from './messaging-messages.js';

/** Email through the platform's mailer (SMTP, or the .eml outbox when no SMTP_URL is set). */
export function emailChannel(mailer: Mailer): ChannelSender {
  return {
    send: async (m) => {
      try {
        await mailer.send({ to: m.to, subject: m.subject ?? 'Vórtex', text: m.body });
      } catch (err) {
        // A 5xx SMTP answer (mailbox unknown, rejected) will not change on a retry.
        const code = (err as { responseCode?: number }).responseCode;
        // A full outbox disk is retried like a busy server: freed in time, the mail still goes.
        const reason = diskErrorMessage(err, msg.emailOutbox) ?? msg.emailFailed;
        throw new ChannelSendError(reason, typeof code === 'number' && code >= 500);
      }
    },
  };
}
