import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from '../src/app/build-app.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import type { WhatsAppPort } from '../src/modules/whatsapp/whatsapp-port.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import type { TestDatabase } from './test-database.js';

export const TEST_WEB_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  /** The real SMTP server this app sends its mail to. */
  smtp: SmtpSink;
  close: () => Promise<void>;
}

/** The application on a test database, sending mail over SMTP to a local test server. */
export async function createTestApp(
  db: TestDatabase,
  opts: { whatsapp?: WhatsAppPort } = {},
): Promise<TestApp> {
  const smtp = await startSmtpSink();
  const app = await buildApp({
    pool: db.pool,
    dbMode: 'embedded',
    logger: pino({ level: 'silent' }),
    version: '0.0.0-test',
    startedAt: Date.now(),
    webOrigins: [TEST_WEB_ORIGIN],
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: 'Vórtex <teste@vortex.local>',
      dataDir: '/nonexistent',
      log: () => undefined,
    }),
    appUrl: TEST_WEB_ORIGIN,
    ...(opts.whatsapp ? { whatsapp: opts.whatsapp } : {}),
    installerFiles: {
      agentBundle: fileURLToPath(new URL('../../bridge/dist/vortex-bridge.mjs', import.meta.url)),
      mql5Dir: fileURLToPath(new URL('../../bridge/mql5', import.meta.url)),
    },
  });
  await app.ready();
  return {
    app,
    smtp,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}

export type { FastifyInstance };
