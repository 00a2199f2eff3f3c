import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtpSink } from '../apps/server/test/smtp-sink.js';
import { chooseSystemClockOffset, E2E_NOW } from './support/clock.js';
import { removeDataDir, startSystem } from './support/system.js';

export const E2E_ADMIN = { email: 'admin.e2e@vortex.local', password: 'Admin@E2e2026' };

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    webUrl: string;
    mailDir: string;
  }
}

/**
 * One running system (built server, web app, embedded PostgreSQL) shared by the journeys, sending
 * its mail over SMTP to a real local SMTP server whose messages land in mailDir as JSON files.
 */
export default async function setup(project: TestProject) {
  // The server, its PostgreSQL and the agents run at E2E_NOW where the machine has libfaketime.
  const clockOffsetMs = chooseSystemClockOffset();
  project.provide('systemClockOffsetMs', clockOffsetMs);
  console.info(
    clockOffsetMs === 0
      ? 'e2e: sem libfaketime, o sistema roda no relógio da máquina (só as páginas fixadas)'
      : `e2e: sistema e páginas em ${new Date(E2E_NOW).toISOString()} (libfaketime)`,
  );
  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'vortex-e2e-mail-'));
  const smtp = await startSmtpSink({ saveDir: mailDir });
  const system = await startSystem({
    clockOffsetMs,
    // WHATSAPP=0: a journey opening the WhatsApp tab must not dial WhatsApp's servers.
    env: {
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      WHATSAPP: '0',
    },
  });
  project.provide('apiUrl', system.apiUrl);
  project.provide('webUrl', system.webUrl);
  project.provide('mailDir', mailDir);
  return async () => {
    await system.stop();
    await smtp.close();
    await removeDataDir(system.dataDir);
    await rm(mailDir, { recursive: true, force: true });
  };
}
