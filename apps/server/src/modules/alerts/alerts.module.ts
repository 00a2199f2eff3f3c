import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { EventBus } from '../live/event-bus.js';
import type { MessageQueue } from '../messaging/message-queue.js';
import type { PositionsCache } from '../trading/positions-cache.js';
import { AlertDispatcher } from './alert-dispatcher.js';
import { watchAlerts } from './alert-watch.js';
import { alertsRoutes } from './alerts.routes.js';
import { scheduleStatisticsDigests } from './statistics-digest.js';

export interface AlertsDeps {
  pool: pg.Pool;
  bus: EventBus;
  positions: PositionsCache;
  queue: () => MessageQueue | undefined;
  appUrl?: string | undefined;
}

/** The alerts: their endpoints, the bridge events they come from and the statistics digest. */
export async function installAlerts(
  app: FastifyInstance,
  deps: AlertsDeps,
): Promise<AlertDispatcher> {
  const dispatcher = new AlertDispatcher({ ...deps, log: app.log });
  await app.register(alertsRoutes({ pool: deps.pool, dispatcher }));
  let stop: (() => void)[] = [];
  app.addHook('onReady', async () => {
    stop = [
      watchAlerts({ bus: deps.bus, dispatcher, log: app.log }),
      scheduleStatisticsDigests({ ...deps, dispatcher, log: app.log }),
    ];
  });
  // Before the agents' sockets close: a server going down is not a bridge losing its connection.
  app.addHook('preClose', async () => {
    for (const s of stop) s();
  });
  return dispatcher;
}
