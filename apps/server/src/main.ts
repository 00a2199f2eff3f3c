#!/usr/bin/env node
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app/build-app.js';
import { loggerOptions } from './http/logger.js';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { openDatabase } from './db/database.js';
import { closeGracefully } from './lifecycle/graceful-close.js';
import { acquireInstanceLock } from './lifecycle/instance-lock.js';
import { demoSimEnv, startDemoBridge } from './modules/demo/demo-bridge.js';
import { resetDemoAccount } from './modules/demo/demo-reset.js';
import { ensureDemoTrader } from './modules/demo/demo-user.js';
import { createMailer } from './modules/mail/mailer.js';
import {
  DEFAULT_SMS_BODY_TEMPLATE,
  httpSmsProvider,
  outboxSmsProvider,
} from './modules/messaging/sms-provider.js';
import { scheduleHousekeeping } from './modules/maintenance/housekeeping.js';
import { sweepImportDirs } from './modules/reports/import-temp.js';
import { warmTradingReads } from './modules/trading/trading-warm-up.js';
import { ensureAdmin } from './modules/users/admin-bootstrap.js';
import { baileysSocketFactory } from './modules/whatsapp/whatsapp-socket.js';
import { WhatsAppService } from './modules/whatsapp/whatsapp-service.js';
import { buildWebServer } from './web/web-server.js';

process.title = 'vortex-server';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

function printOnce(lines: string[]): void {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '='.repeat(width);
  // Written to the console directly, never through the logger: logs must not hold passwords.
  process.stdout.write(`\n${bar}\n${lines.map((l) => `  ${l}`).join('\n')}\n${bar}\n\n`);
}

// Undone in reverse if start-up fails half way, so no orphan database server is left behind.
const cleanups: (() => Promise<void>)[] = [];

async function main(): Promise<void> {
  const config = readConfig();
  const startedAt = Date.now();
  const logger = pino(loggerOptions(config.logLevel));
  const log = (msg: string) => logger.info(msg);
  // The last line of defence, not the plan: every background loop catches its own failures
  // (a database away above all). One that slips through is a bug to log, not a reason to stop
  // serving every other trader.
  process.on('unhandledRejection', (reason) =>
    logger.error({ err: reason }, 'unhandled rejection (server kept running)'),
  );
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };

  // Created private: everything under it is the server's OS user's (as root, the embedded
  // PostgreSQL's user is then granted search, never read: os-user.ts).
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  // Upload folders a crash or a kill left behind; never one a live import holds (import-temp.ts).
  await sweepImportDirs(startedAt).catch((err: unknown) =>
    logger.warn({ err }, 'import folders not swept'),
  );
  const lock = await acquireInstanceLock(config.dataDir, log);
  const releaseLock = lock.release;
  cleanups.push(releaseLock);
  const db = await openDatabase(config, logger);
  cleanups.push(db.close);

  const admin = await ensureAdmin(db.pool, config.admin);
  if (admin.created && admin.generatedPassword) {
    printOnce([
      'Administrador criado (guarde esta senha: ela não será exibida novamente)',
      `Email:   ${admin.email}`,
      `Usuário: ${admin.username}`,
      `Senha:   ${admin.generatedPassword}`,
    ]);
  } else if (admin.created) {
    log(`Administrador criado a partir de ADMIN_EMAIL: ${admin.email}`);
  }

  // Before the API starts (a resuming bot reads the account): the simulator's new run replaces
  // what was stored of the previous one.
  const demoStateDir = path.join(config.dataDir, 'demo-bridge');
  const demo = config.demo ? await ensureDemoTrader(db.pool, config.demoUser) : undefined;
  if (demo) await resetDemoAccount(db.pool, demo.id, demoStateDir);

  // Alongside the app's assembly; a database gone meanwhile costs a warning, not the start.
  // The API listens after it or config.tradingWarmUpMs (3 s), whichever comes first; what is left
  // of it then stops, so it never competes with the first real reads. At 0 it never starts: a
  // server no screen reads (the crash test's, restarted 200 times) listens as soon as it can.
  const warmStart = performance.now();
  const warmStop = new AbortController();
  const warmUp =
    config.tradingWarmUpMs > 0
      ? warmTradingReads(db.pool, Date.now(), warmStop.signal).then(
          (complete) =>
            logger.info(
              { ms: Math.round(performance.now() - warmStart), complete },
              'trading reads warmed up',
            ),
          (err: unknown) => logger.warn({ err }, 'trading warm-up failed'),
        )
      : Promise.resolve();

  const api = await buildApp({
    pool: db.pool,
    dbMode: db.mode,
    dbStatus: db.status,
    logger,
    version: pkg.version,
    startedAt,
    webOrigins: config.webOrigins,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log,
    }),
    dataDir: config.dataDir,
    appUrl: config.appUrl,
    publicApiUrl: config.publicApiUrl,
    allowedHosts: config.allowedHosts,
    tradingCacheMb: config.tradingCacheMb,
    redis: config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
    // Dials WhatsApp only once an admin asks for a QR, or for a device linked before.
    ...(config.whatsapp && {
      whatsapp: new WhatsAppService({
        dataDir: config.dataDir,
        factory: baileysSocketFactory(logger.child({ module: 'whatsapp' }, { level: 'warn' })),
        log: logger,
      }),
    }),
    sms: config.sms
      ? httpSmsProvider({
          ...config.sms,
          bodyTemplate: config.sms.bodyTemplate ?? DEFAULT_SMS_BODY_TEMPLATE,
        })
      : outboxSmsProvider(config.dataDir, log),
    installerFiles: {
      agentBundle: fileURLToPath(new URL('../../bridge/dist/vortex-bridge.mjs', import.meta.url)),
      mql5Dir: fileURLToPath(new URL('../../bridge/mql5', import.meta.url)),
    },
    backups: { dir: path.join(config.dataDir, 'backups'), schedule: true },
    deadProcess: lock.previousPid,
  });
  const web = await buildWebServer({
    distDir: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    logger,
    publicApiUrl: config.publicApiUrl,
    allowedHosts: config.allowedHosts,
  });
  const stopHousekeeping = scheduleHousekeeping(db.pool, logger);
  let warmWait: NodeJS.Timeout | undefined;
  await Promise.race([
    warmUp,
    new Promise((resolve) => (warmWait = setTimeout(resolve, config.tradingWarmUpMs))),
  ]);
  clearTimeout(warmWait);
  warmStop.abort();
  await api.listen({ port: config.port, host: config.host });
  await web.listen({ port: config.webPort, host: config.host });
  let stopDemoBridge: () => Promise<void> = async () => undefined;
  if (demo) {
    if (demo.generatedPassword) {
      printOnce([
        'Trader demo criado (guarde esta senha: ela não será exibida novamente)',
        `Email: ${demo.email}`,
        `Senha: ${demo.generatedPassword}`,
      ]);
    }
    stopDemoBridge = await startDemoBridge({
      pool: db.pool,
      userId: demo.id,
      bridgeMain: fileURLToPath(new URL('../../bridge/dist/main.js', import.meta.url)),
      apiUrl: `http://127.0.0.1:${config.port}`,
      stateDir: demoStateDir,
      env: demoSimEnv(config.sim),
      log: logger,
    });
  }
  logger.info(
    `Vórtex pronto: API em http://localhost:${config.port}, web em http://localhost:${config.webPort}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} recebido: encerrando`);
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    // Stop accepting, let in-flight requests finish, then close the database and its server.
    stopHousekeeping();
    await stopDemoBridge();
    await closeGracefully([web, api]);
    logger.info('HTTP encerrado; fechando o banco de dados');
    await db.close();
    await releaseLock();
    logger.info('Encerrado');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch(async (err: unknown) => {
  process.stderr.write(
    `Falha ao iniciar o Vórtex: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  if (err instanceof Error && err.cause instanceof Error)
    process.stderr.write(`Causa: ${err.cause.message}\n`);
  for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
  process.exit(1);
});
