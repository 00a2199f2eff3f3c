import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { apiErrorMessages, useZodPtBr } from '@vortex/core';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type pg from 'pg';
import { DatabaseStatus } from '../db/database-status.js';
import { freezeResponse } from '../lib/frozen-response.js';
import { OutageLog } from '../lib/outage-log.js';
import { installClosingGuard } from '../lifecycle/closing-guard.js';
import { AuthInvalidation } from '../modules/auth/auth-invalidation.js';
import { installAlerts } from '../modules/alerts/alerts.module.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { installNoStore } from '../modules/auth/no-store.js';
import { SessionCache } from '../modules/auth/session-cache.js';
import { AgentRegistry } from '../modules/bridge/agent-registry.js';
import { backtestRoutes } from '../modules/backtest/backtest.routes.js';
import { backupRoutes } from '../modules/backup/backup.routes.js';
import { BackupService } from '../modules/backup/backup.service.js';
import { botConfigRoutes } from '../modules/bot/bot-config.routes.js';
import { botControlRoutes } from '../modules/bot/bot-control.routes.js';
import { BotManager } from '../modules/bot/bot-manager.js';
import { agentRoutes } from '../modules/bridge/agent.routes.js';
import { bridgeHealthRoutes } from '../modules/bridge/bridge-health.routes.js';
import { bridgeAdminRoutes } from '../modules/bridge/bridge-admin.routes.js';
import { bridgeAuditRoutes } from '../modules/bridge/bridge-audit.routes.js';
import { bridgeStatusRoutes } from '../modules/bridge/bridge-status.routes.js';
import { mt5Routes } from '../modules/bridge/mt5.routes.js';
import { pairingRoutes } from '../modules/bridge/pairing.routes.js';
import { phoneConfirmationRoutes } from '../modules/phone/phone-confirmation.routes.js';
import { clientLogRoutes } from '../modules/client-log/client-log.routes.js';
import { communicationRoutes } from '../modules/communication/communication.routes.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { watchMail } from '../modules/health/mail-watch.js';
import type { InstallerFiles } from '../modules/installer/installer-zip.js';
import { installerRoutes } from '../modules/installer/installer.routes.js';
import { ClusterAgentRegistry } from '../modules/cluster/cluster-agents.js';
import { RedisEventBus } from '../modules/cluster/redis-event-bus.js';
import { openRedisLink, type RedisLink } from '../modules/cluster/redis-link.js';
import { MemoryEventBus, type EventBus } from '../modules/live/event-bus.js';
import { liveSessionsNow } from '../modules/live/live-auth.js';
import { LiveHub } from '../modules/live/live-hub.js';
import { liveRoutes } from '../modules/live/live.routes.js';
import { databaseTickets, MemoryTickets } from '../modules/live/live-tickets.js';
import type { Mailer } from '../modules/mail/mailer.js';
import { marketRoutes } from '../modules/market/market.routes.js';
import { DbMessageQueue, type QueueOptions } from '../modules/messaging/db-message-queue.js';
import { emailChannel } from '../modules/messaging/email-channel.js';
import type { MessageQueue } from '../modules/messaging/message-queue.js';
import type { SmsProvider } from '../modules/messaging/sms-provider.js';
import { whatsappChannel } from '../modules/messaging/whatsapp-channel.js';
import { reportsRoutes } from '../modules/reports/reports.routes.js';
import { reportImportRoutes } from '../modules/reports/report-import.routes.js';
import { accountsRoutes } from '../modules/accounts/accounts.routes.js';
import { allAccountsRoutes } from '../modules/accounts/all-accounts.routes.js';
import { OpenBookCache } from '../modules/trading/open-book-cache.js';
import { DEFAULT_TRADING_CACHE_MB, PositionsCache } from '../modules/trading/positions-cache.js';
import { PositionsFollower } from '../modules/trading/positions-follower.js';
import { readOpenBook, type OpenBook } from '../modules/trading/realtime.service.js';
import { tradingRoutes } from '../modules/trading/trading.routes.js';
import { installTaxes } from '../modules/taxes/taxes.module.js';
import { usersRoutes } from '../modules/users/users.routes.js';
import { installWhatsAppCommands } from '../modules/whatsapp/whatsapp-commands.js';
import { asWhatsAppLink, type WhatsAppLink } from '../modules/whatsapp/whatsapp-link.js';
import { offlineWhatsApp, type WhatsAppPort } from '../modules/whatsapp/whatsapp-port.js';
import { whatsappRoutes } from '../modules/whatsapp/whatsapp.routes.js';
import { requireAccessDeclarations } from '../http/access.js';
import { installAuthorization } from '../http/authorize.js';
import { authenticate } from '../modules/auth/session.service.js';
import { installErrorHandling } from '../http/error-handler.js';
import { installInputGuard } from '../http/input-guard.js';
import { installOpenApi } from '../http/openapi.js';
import { installSecurity } from '../http/security.js';
import { memoizingFrozen } from '../http/serializer.js';

export interface AppDeps {
  pool: pg.Pool;
  dbMode: 'embedded' | 'external';
  /** What is known of the database (its supervisor reports here); one on `pool` when unset. */
  dbStatus?: DatabaseStatus;
  logger: FastifyBaseLogger;
  version: string;
  startedAt: number;
  webOrigins: string[];
  mailer: Mailer;
  /** DATA_DIR, whose free space /health reports; the temp folder's when unset (tests). */
  dataDir?: string;
  /** The web app's public address, for links in emails. */
  appUrl: string;
  /** The API's public address, for installer links: configured, never the request's Host. */
  publicApiUrl: string;
  /** The Host names this API answers to (config/allowed-hosts.ts); any other gets 421. */
  allowedHosts: readonly string[];
  /** Where bridge events travel; in memory unless a shared transport is given. */
  bus?: EventBus;
  /**
   * REDIS_URL: the event bus, the agent directory and the rate limits shared through Redis, so
   * several instances act as one. `prefix` namespaces every key and channel (default 'vortex:').
   */
  redis?: { url: string; prefix?: string; beatMs?: number } | undefined;
  installerFiles: InstallerFiles;
  /** Where backups are written (DATA_DIR/backups); `schedule` runs the automatic ones. */
  backups?: { dir: string; schedule: boolean };
  /** The SMS provider: the configured HTTP API, or the outbox writer. */
  sms: SmsProvider;
  /** The WhatsApp session; the offline stand-in when none runs here. */
  whatsapp?: WhatsAppPort;
  /** The pid of this DATA_DIR's previous server, known dead: its bot leases are let go at once. */
  deadProcess?: number | undefined;
  /** The message queue's rate limits, retries and polling; its defaults otherwise. */
  messageQueue?: Partial<QueueOptions>;
  /** Memory budget of the cached closed positions, MiB (TRADING_CACHE_MB); 64 otherwise. */
  tradingCacheMb?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live side of the bridge: events, browser channels and connected agents. */
    bridgeRuntime: { bus: EventBus; hub: LiveHub; agents: AgentRegistry };
    /** The bots this instance runs. */
    botManager: BotManager;
    /** The platform's WhatsApp: its state, sending, texts received, and the admin's link. */
    whatsapp: WhatsAppLink;
    /** Every outgoing email, SMS and WhatsApp message goes through it. */
    messageQueue: MessageQueue;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const link = deps.redis
    ? await openRedisLink({ url: deps.redis.url, prefix: deps.redis.prefix, log: deps.logger })
    : undefined;
  try {
    return await assembleApp(deps, link);
  } catch (err) {
    // No app to close: the Redis clients would keep reconnecting in a process that gave up.
    await link?.close();
    throw err;
  }
}

async function assembleApp(deps: AppDeps, link: RedisLink | undefined): Promise<FastifyInstance> {
  useZodPtBr();
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: 1024 * 1024,
    // installClosingGuard answers in our envelope instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizingFrozen(serializerCompiler));
  const status = deps.dbStatus ?? new DatabaseStatus({ pool: deps.pool, log: deps.logger });
  if (!deps.dbStatus) app.addHook('onClose', async () => status.close());
  installErrorHandling(app, (err) => status.report(err));
  installNoStore(app);
  installInputGuard(app);
  installClosingGuard(app);
  requireAccessDeclarations(app);
  await installSecurity(app, { webOrigins: deps.webOrigins, allowedHosts: deps.allowedHosts });
  // Registered first, so it runs after everything that still publishes or commands on close.
  app.addHook('onClose', async () => link?.close());
  await app.register(rateLimit, {
    global: false,
    // Limits count across instances when they share Redis; while Redis is away they are not
    // counted rather than every limited route failing.
    ...(link && { redis: link.redis, nameSpace: `${link.prefix}rate:`, skipOnError: true }),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      success: false,
      error: apiErrorMessages.tooManyRequests,
    }),
  });
  await installOpenApi(app, deps.version);
  // Deal batches are bounded (5,000) well under this.
  await app.register(websocket, { options: { maxPayload: 8 * 1024 * 1024 } });
  const sessionCache = new SessionCache();
  const invalidation = new AuthInvalidation({
    pool: deps.pool,
    cache: sessionCache,
    log: deps.logger,
    status,
  });
  app.addHook('onReady', () => invalidation.start());
  app.addHook('onClose', () => invalidation.close());
  installAuthorization(app, (token) => authenticate(deps.pool, token, new Date(), sessionCache));
  // Every send goes through the watch, so /health can tell mail's state without dialing SMTP.
  const mailWatch = watchMail(deps.mailer);
  const mailer = mailWatch.mailer;
  const whatsapp = deps.whatsapp ?? offlineWhatsApp;
  const messageQueue = new DbMessageQueue({
    pool: deps.pool,
    senders: {
      email: emailChannel(mailer),
      sms: deps.sms,
      whatsapp: whatsappChannel(() => whatsapp),
    },
    log: deps.logger,
    ...(deps.messageQueue ? { options: deps.messageQueue } : {}),
  });
  app.decorate('messageQueue', messageQueue);
  app.addHook('onReady', async () => messageQueue.start());
  app.addHook('onClose', () => messageQueue.close());
  await app.register(
    communicationRoutes({ pool: deps.pool, queue: messageQueue, settleMs: 8_000 }),
  );

  await app.register(
    healthRoutes({
      pool: deps.pool,
      status,
      mode: deps.dbMode,
      version: deps.version,
      startedAt: deps.startedAt,
      redis: link,
      mail: mailWatch,
      dataDir: deps.dataDir ?? tmpdir(),
    }),
  );
  await app.register(clientLogRoutes({ pool: deps.pool }));
  const mail = { pool: deps.pool, mailer, appUrl: deps.appUrl };
  await app.register(authRoutes(mail));
  const bus = deps.bus ?? (link ? await RedisEventBus.open(link) : new MemoryEventBus());
  // A live channel ends with its session, on every instance (the auth notifications reach all).
  const recheckLog = new OutageLog(deps.logger, 'live channels not rechecked');
  const hub = new LiveHub(
    bus,
    (ids) => liveSessionsNow(deps.pool, ids),
    (err) => recheckLog.failed(err),
    () => invalidation.listening,
  );
  invalidation.onChange((change) => void hub.authChanged(change));
  const agents = link
    ? await ClusterAgentRegistry.open(link, { beatMs: deps.redis?.beatMs })
    : new AgentRegistry();
  app.addHook('onClose', () => agents.close());
  app.decorate('bridgeRuntime', { bus, hub, agents });
  const bridge = { pool: deps.pool, bus, agents };
  await app.register(pairingRoutes({ pool: deps.pool }));
  await app.register(agentRoutes(bridge));
  await app.register(bridgeStatusRoutes(bridge));
  await app.register(bridgeAdminRoutes(bridge));
  await app.register(bridgeAuditRoutes({ pool: deps.pool }));
  // Shared through Redis, any instance may be asked to open a ticket: the database spends it.
  const tickets = link ? databaseTickets(deps.pool) : new MemoryTickets(deps.pool, sessionCache);
  await app.register(
    liveRoutes({
      pool: deps.pool,
      hub,
      tickets,
      sessions: sessionCache,
      allowedHosts: deps.allowedHosts,
    }),
  );
  await app.register(mt5Routes(bridge));
  await app.register(reportsRoutes({ pool: deps.pool }));
  await app.register(botConfigRoutes({ pool: deps.pool }));
  await app.register(backtestRoutes({ pool: deps.pool }));
  const backups = new BackupService({
    pool: deps.pool,
    // Tests leave it unset: their backups go to a folder of this process's own.
    dir: deps.backups?.dir ?? path.join(tmpdir(), `vortex-backups-${process.pid}`),
    mailer,
    log: deps.logger,
  });
  if (deps.backups?.schedule) {
    app.addHook('onReady', () => backups.start());
    app.addHook('onClose', () => backups.stop());
  }
  await app.register(backupRoutes(backups));
  // One per instance, shared by the trading screens and the bot card's counters.
  const positions = new PositionsCache(deps.pool, {
    budgetMb: deps.tradingCacheMb ?? DEFAULT_TRADING_CACHE_MB,
    follower: new PositionsFollower(deps.pool, deps.logger),
  });
  // Closed positions are stored after their deals, and accounts from before migration 22 built.
  const unfollow = positions.follower.follow(bus);
  // Imported reports and the account switcher (issue 16): the import builds its positions.
  await app.register(reportImportRoutes({ pool: deps.pool, follower: positions.follower }));
  await app.register(accountsRoutes({ pool: deps.pool }));
  await app.register(allAccountsRoutes({ pool: deps.pool, positions }));
  app.addHook('onReady', () => {
    positions.follower
      .backfill()
      .catch((err: unknown) => deps.logger.warn({ err }, 'positions backfill stopped'));
  });
  app.addHook('onClose', () => {
    unfollow();
    positions.follower.stop();
  });
  const bots = new BotManager({
    ...bridge,
    positions,
    log: deps.logger,
    deadProcess: deps.deadProcess,
  });
  app.decorate('botManager', bots);
  app.addHook('onReady', () => bots.resumeAll());
  app.addHook('onClose', () => bots.close());
  await app.register(botControlRoutes(bots));
  // Suspension, deletion and demotion stop the bot and end the agent at once (users module).
  await app.register(usersRoutes({ ...mail, queue: messageQueue, access: { bots, agents, bus } }));
  invalidation.onChange((change) => bots.followAuth(change));
  const whatsappLink = asWhatsAppLink(whatsapp);
  app.decorate('whatsapp', whatsappLink);
  installWhatsAppCommands({ pool: deps.pool, whatsapp: whatsappLink, bots, log: deps.logger });
  // Reconnects a device linked before; with none stored nothing dials WhatsApp.
  app.addHook('onReady', () =>
    whatsappLink.start().catch((err: unknown) => deps.logger.warn({ err }, 'whatsapp not started')),
  );
  app.addHook('onClose', () => whatsappLink.close());
  await app.register(whatsappRoutes({ pool: deps.pool, whatsapp: whatsappLink }));
  await app.register(
    phoneConfirmationRoutes({ pool: deps.pool, queue: messageQueue, whatsapp: whatsappLink }),
  );
  const openBooks = new OpenBookCache<OpenBook>(
    (id) => readOpenBook(deps.pool, id).then(freezeResponse),
    bus,
  );
  app.addHook('onClose', () => openBooks.close());
  // Back from an outage: what was notified meanwhile is unknown, so what notifications keep
  // current is read anew (the session cache flushes itself), and a backup it broke is failed.
  invalidation.onResumed(() => {
    positions.clear();
    openBooks.clear();
  });
  status.onRecovered(() => {
    recheckLog.succeeded();
    backups.recover().catch((err: unknown) => deps.logger.error({ err }, 'backup not recovered'));
  });
  await app.register(tradingRoutes({ ...bridge, openBooks, positions }));
  const dispatcher = await installAlerts(app, {
    pool: deps.pool,
    bus,
    positions,
    queue: () => app.messageQueue,
    appUrl: deps.appUrl,
  });
  await installTaxes(app, { pool: deps.pool, dispatcher });
  await app.register(marketRoutes(bridge));
  await app.register(
    bridgeHealthRoutes({
      ...bridge,
      hub,
      webOrigins: deps.webOrigins,
      rateBackend: link ? 'redis' : 'memory',
    }),
  );
  await app.register(
    installerRoutes({
      pool: deps.pool,
      files: deps.installerFiles,
      publicApiUrl: deps.publicApiUrl,
    }),
  );
  return app;
}
