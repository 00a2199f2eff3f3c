import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { diskErrorMessage } from '../../lib/disk-errors.js';
import {
  privateDir,
  tightenTree,
  writePrivateFileAtomic,
  type FileOpener,
} from '../../lib/private-files.js';
import { ChannelSendError, type ChannelSender } from './channel-sender.js';
import { messagingMessages as msg } from './messaging-messages.js';

/** An SMS provider: sends a text to a phone (digits with country code). */
export interface SmsProvider extends ChannelSender {
  kind: 'http' | 'outbox';
}

export interface HttpSmsConfig {
  url: string;
  /** Basic auth, when the provider takes a user and password. */
  user?: string | undefined;
  password?: string | undefined;
  /** Bearer token, when the provider takes one. */
  token?: string | undefined;
  /** The JSON body with {to} and {text} placeholders (filled JSON-escaped). */
  bodyTemplate: string;
  timeoutMs?: number;
}

export const DEFAULT_SMS_BODY_TEMPLATE = '{"to":"{to}","text":"{text}"}';

/** Fills the template's placeholders with the values escaped for a JSON string. */
export function renderSmsBody(template: string, to: string, text: string): string {
  const esc = (v: string) => JSON.stringify(v).slice(1, -1);
  return template.replaceAll('{to}', esc(to)).replaceAll('{text}', esc(text));
}

/** A provider's HTTP API: one POST per message; 2xx is sent, 4xx is refused for good. */
export function httpSmsProvider(cfg: HttpSmsConfig): SmsProvider {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cfg.token) headers.authorization = `Bearer ${cfg.token}`;
  else if (cfg.user !== undefined)
    headers.authorization = `Basic ${Buffer.from(`${cfg.user}:${cfg.password ?? ''}`).toString('base64')}`;
  return {
    kind: 'http',
    send: async (m) => {
      let res: Response;
      try {
        res = await fetch(cfg.url, {
          method: 'POST',
          headers,
          body: renderSmsBody(cfg.bodyTemplate, m.to, m.body),
          signal: AbortSignal.timeout(cfg.timeoutMs ?? 10_000),
        });
        await res.arrayBuffer();
      } catch {
        throw new ChannelSendError(msg.smsUnreachable);
      }
      if (res.ok) return;
      // 429 and 5xx may pass on a retry; any other 4xx says the request itself is wrong.
      const retryable = res.status === 429 || res.status >= 500;
      throw new ChannelSendError(msg.smsRejected(res.status), !retryable);
    },
  };
}

/** No provider configured: each SMS becomes a text file under DATA_DIR/outbox-sms. */
export function outboxSmsProvider(
  dataDir: string,
  log: (m: string) => void,
  /** How outbox files are opened; tests give one that resolves to /dev/full. */
  openFile?: FileOpener,
): SmsProvider {
  const outbox = path.join(dataDir, 'outbox-sms');
  // Texts an older version left readable by others (0644 in 0755) are made private at start.
  const tightened = tightenTree(outbox).catch((err: unknown) =>
    log(`Pasta ${outbox} não pôde ser restrita ao usuário do servidor: ${String(err)}`),
  );
  return {
    kind: 'outbox',
    send: async (m) => {
      try {
        await tightened;
        await privateDir(outbox);
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`;
        const file = path.join(outbox, name);
        await writePrivateFileAtomic(file, `Para: +${m.to}\n\n${m.body}\n`, openFile);
        log(`SMS para +${m.to} gravado em ${file} (SMS_URL não configurado)`);
      } catch (err) {
        // Retried by the queue: a disk freed in time still delivers it; the reason is recorded.
        throw new ChannelSendError(diskErrorMessage(err, msg.smsOutbox(outbox)) ?? msg.smsFailed);
      }
    },
  };
}
