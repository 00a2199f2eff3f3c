import type { Endpoint } from './define-endpoint.js';
import { authEndpoints } from './auth.js';
import { usersEndpoints } from './users.js';
import { accountsEndpoints } from './accounts.js';
import { alertsEndpoints } from './alerts.js';
import { phoneEndpoints } from './phone.js';
import { communicationEndpoints } from './communication.js';
import { whatsappEndpoints } from './whatsapp.js';
import { clientLogEndpoints } from './client-log.js';
import { healthEndpoints } from './health.js';
import { backupEndpoints } from './backup.js';
import { bridgeEndpoints } from './bridge.js';
import { installerEndpoints } from './installer.js';
import { liveEndpoints } from './live.js';
import { marketEndpoints } from './market.js';
import { mt5Endpoints } from './mt5.js';
import { tradingEndpoints } from './trading.js';
import { reportsEndpoints } from './reports.js';
import { taxesEndpoints } from './taxes.js';
import { botEndpoints } from './bot.js';
import { backtestEndpoints } from './backtest.js';

export * from './define-endpoint.js';

/**
 * Every endpoint of the API, by area: the one table the server registers its routes from and
 * the web app calls through. No API path is written anywhere else (scripts/check-api-paths.mjs).
 */
export const endpoints = {
  auth: authEndpoints,
  users: usersEndpoints,
  accounts: accountsEndpoints,
  alerts: alertsEndpoints,
  phone: phoneEndpoints,
  communication: communicationEndpoints,
  whatsapp: whatsappEndpoints,
  clientLog: clientLogEndpoints,
  health: healthEndpoints,
  backup: backupEndpoints,
  bridge: bridgeEndpoints,
  installer: installerEndpoints,
  live: liveEndpoints,
  market: marketEndpoints,
  mt5: mt5Endpoints,
  trading: tradingEndpoints,
  reports: reportsEndpoints,
  taxes: taxesEndpoints,
  bot: botEndpoints,
  backtest: backtestEndpoints,
};

/** The table as a flat list, for the checks that walk every endpoint. */
export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(endpoints).flatMap(
  (area) => Object.values(area) as Endpoint[],
);
