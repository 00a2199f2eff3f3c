import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from '../src/app/build-app.js';
import { createMailer, type MailMessage, type Mailer } from '../src/modules/mail/mailer.js';
import type { QueueOptions } from '../src/modules/messaging/db-message-queue.js';
import { outboxSmsProvider, type SmsProvider } from '../src/modules/messaging/sms-provider.js';
import type { WhatsAppPort } from '../src/modules/whatsapp/whatsapp-port.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import type { TestDatabase } from './test-database.js';

export const TEST_WEB_ORIGIN = 'http://localhost:3000';
/** The API's configured public address in tests; nothing there answers. */
export const TEST_PUBLIC_API_URL = 'http://api.vortex.test:5000';

export interface TestApp {
  app: FastifyInstance;
  /** The real SMTP server this app sends its mail to. */
  smtp: SmtpSink;
  /** Every mail the app handed its mailer, recorded as it is handed (SMTP delivers it later). */
  mailsHanded: MailMessage[];
  close: () => Promise<void>;
}

/** Fast queue defaults for tests: no rate spacing, quick retries. */
export const TEST_QUEUE_OPTIONS: Partial<QueueOptions> = {
  intervalMs: { email: 0, sms: 0, whatsapp: 0 },
  backoffBaseMs: 50,
  backoffCapMs: 200,
  pollMs: 50,
};

/** The application on a test database, sending mail over SMTP to a local test server. */
export async function createTestApp(
  db: TestDatabase,
  opts: {
    sms?: SmsProvider;
    whatsapp?: WhatsAppPort;
    queue?: Partial<QueueOptions>;
    /** Instances given the same Redis URL and prefix act as one. */
    redis?: { url: string; prefix: string; beatMs?: number };
    /** Silent unless a test reads what the app logs. */
    logger?: FastifyBaseLogger;
    /** In place of SMTP to the test server (an outbox on a full disk). */
    mailer?: Mailer;
  } = {},
): Promise<TestApp> {
  const smtp = await startSmtpSink();
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: smtp.url,
      from: 'Vórtex <teste@vortex.local>',
      dataDir: '/nonexistent',
      log: () => undefined,
    });
  const mailsHanded: MailMessage[] = [];
  // Backups run through the API (the authorization matrix runs one) land here, removed on close.
  const backupDir = path.join(tmpdir(), `vortex-test-backups-${db.name}`);
  const app = await buildApp({
    pool: db.pool,
    dbMode: 'embedded',
    logger: opts.logger ?? pino({ level: 'silent' }),
    version: '0.0.0-test',
    startedAt: Date.now(),
    webOrigins: [TEST_WEB_ORIGIN],
    mailer: {
      ...mailer,
      send: (msg) => {
        mailsHanded.push(msg);
        return mailer.send(msg);
      },
    },
    appUrl: TEST_WEB_ORIGIN,
    publicApiUrl: TEST_PUBLIC_API_URL,
    // inject's default Host is localhost:80; listening tests use 127.0.0.1.
    allowedHosts: ['localhost', '127.0.0.1', new URL(TEST_PUBLIC_API_URL).host],
    // Texts with no provider given are written where nothing is kept.
    sms:
      opts.sms ??
      outboxSmsProvider(path.join(tmpdir(), `vortex-test-sms-${db.name}`), () => undefined),
    ...(opts.whatsapp ? { whatsapp: opts.whatsapp } : {}),
    ...(opts.redis ? { redis: opts.redis } : {}),
    messageQueue: { ...TEST_QUEUE_OPTIONS, ...opts.queue },
    installerFiles: {
      agentBundle: fileURLToPath(new URL('../../bridge/dist/vortex-bridge.mjs', import.meta.url)),
      mql5Dir: fileURLToPath(new URL('../../bridge/mql5', import.meta.url)),
    },
    backups: { dir: backupDir, schedule: false },
  });
  await app.ready();
  return {
    app,
    smtp,
    mailsHanded,
    close: async () => {
      await app.close();
      await smtp.close();
      await rm(backupDir, { recursive: true, force: true });
    },
  };
}

export type { FastifyInstance };
