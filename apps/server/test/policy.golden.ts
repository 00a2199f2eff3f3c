import type { Role } from '@vortex/core';

/**
 * Who may call each route, written by hand from the specs (access-and-admin.md, trading.md) and
 * README, never read from the route declarations: the authorization matrix checks the app against
 * this table, so a route declared with the wrong access fails instead of agreeing with itself.
 *
 * Keys are `METHOD /path` as Fastify registers them; a HEAD route takes its GET's entry. `self`
 * marks a route whose `:id` is the caller's own (self-service), so the matrix calls it that way.
 */
export interface GoldenPolicy {
  /** `public` needs no sign-in; otherwise the active roles that may call it (pending: never). */
  allow: 'public' | readonly Role[];
  self?: true;
}

const PUBLIC: GoldenPolicy = { allow: 'public' };
/** Any signed-in, active user (trading.md §6 "any logged-in user"). */
const SIGNED_IN: GoldenPolicy = { allow: ['admin', 'user', 'trader', 'viewer'] };
/** The account's owners: a viewer reads but changes nothing (README: Alerts, Imposto de renda). */
const OWNERS: GoldenPolicy = { allow: ['admin', 'user', 'trader'] };
/** access-and-admin.md §6 and trading.md §6: users, communication, bridge admin, backups. */
const ADMIN: GoldenPolicy = { allow: ['admin'] };

export const GOLDEN_POLICY: Readonly<Record<string, GoldenPolicy>> = {
  // The OpenAPI UI and document, and the CORS preflight.
  'OPTIONS *': PUBLIC,
  'GET /api/docs': PUBLIC,
  'HEAD /api/docs/': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /health': PUBLIC,
  // Sent when the interface crashes, signed in or not (access-and-admin.md §7).
  'POST /api/client-log': PUBLIC,

  // Login, registration and recovery happen before there is a session (access-and-admin.md §2).
  'POST /auth/login': PUBLIC,
  'POST /auth/register': PUBLIC,
  'POST /auth/forgot-password': PUBLIC,
  'GET /api/auth/validate-reset-token': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  'POST /auth/logout': SIGNED_IN,
  'GET /api/auth/whoami': SIGNED_IN,

  // Users screen and communication centre: admins only (access-and-admin.md §6).
  'GET /users': ADMIN,
  // Non-admins may edit only their own personal data; the service enforces the rest.
  'PUT /users/:id': { ...SIGNED_IN, self: true },
  'POST /users/:id/role': ADMIN,
  'DELETE /users/:id': ADMIN,
  'PUT /users/:id/approve': ADMIN,
  'PUT /users/:id/reject': ADMIN,
  'POST /users/:id/test': ADMIN,
  'POST /users/:id/test/:channel': ADMIN,
  'GET /communication/templates': ADMIN,
  'POST /communication/send-manual': ADMIN,
  'POST /communication/test-channels': ADMIN,
  'GET /alerts/whatsapp/status': ADMIN,
  'GET /alerts/whatsapp/qr': ADMIN,
  'POST /alerts/whatsapp/disconnect': ADMIN,
  // Confirming the account's own phone (README: WhatsApp) is the user's, not configuration.
  'GET /api/phone/confirmation': SIGNED_IN,
  'POST /api/phone/confirmation': SIGNED_IN,
  'POST /api/phone/confirmation/verify': SIGNED_IN,

  // Pairing: any logged-in user generates a token, sees its status, ends their session (trading.md §6).
  'POST /bridge/token/create': SIGNED_IN,
  'GET /bridge/token/status/:token': SIGNED_IN,
  'GET /api/bridge/token/status/:token': SIGNED_IN,
  'POST /api/bridge/token/status': SIGNED_IN,
  'GET /bridge/my-bridges': SIGNED_IN,
  'POST /bridge/session/terminate': SIGNED_IN,
  'GET /mt5/status': SIGNED_IN,
  'GET /api/mt5/status': SIGNED_IN,
  'GET /mt5/account_info': SIGNED_IN,
  // Onboarding's first step for every non-admin, viewers included (access-and-admin.md §2): a
  // pairing like the token above.
  'GET /api/bridge/installer/iot/zip': SIGNED_IN,
  // The browser follows the installer's unguessable, single-use link without a token (README).
  'GET /api/bridge/installer/download/:id': PUBLIC,
  'POST /api/bridge/installer/download': PUBLIC,
  // The agent and the live channels authenticate with their own token or single-use ticket.
  'GET /bridge/agent': PUBLIC,
  'GET /bridge/events': PUBLIC,
  'GET /api/bridge/ws': PUBLIC,
  'POST /api/bridge/events/ticket': SIGNED_IN,

  // Bridge admin panels (trading.md §2 and §6).
  'GET /api/bridge/admin/claims': ADMIN,
  'POST /api/bridge/claim/:id/revoke': ADMIN,
  'POST /api/bridge/claim/:id/reset': ADMIN,
  'GET /bridge/admin/sessions': ADMIN,
  'POST /api/bridge/admin/revoke/:userId': ADMIN,
  'POST /bridge/admin/cleanup': ADMIN,
  'GET /api/bridge/admin/tokens': ADMIN,
  'POST /api/bridge/admin/token/revoke/:tokenId': ADMIN,
  'GET /api/bridge/audit/search': ADMIN,
  'GET /bridge/health': ADMIN,

  // Sending credentials or orders to a terminal controls the account: not for viewers.
  'POST /api/mt5/test-bridge': OWNERS,
  'POST /api/mt5/connect': OWNERS,
  'POST /api/mt5/disconnect': OWNERS,

  // The bot: a viewer reads its state and configuration; only owners change or run it (README).
  'GET /bot/config': SIGNED_IN,
  'POST /bot/config': OWNERS,
  'GET /bot/status': SIGNED_IN,
  'POST /api/bot/start': OWNERS,
  'POST /api/bot/stop': OWNERS,
  'POST /api/bot/entries': OWNERS,
  'POST /api/bot/close-all': OWNERS,
  // A backtest changes nothing stored: a read of what a configuration would have done.
  'POST /api/bot/backtest': SIGNED_IN,

  // Backups: admins only, like every /api/backup/* call (README: Backups).
  'GET /api/backup/config': ADMIN,
  'PUT /api/backup/config': ADMIN,
  'GET /api/backup/list': ADMIN,
  'GET /api/backup/stats': ADMIN,
  'POST /api/backup/run': ADMIN,
  'GET /api/backup/download/:filename': ADMIN,

  // Reading trading data: any logged-in user, their own (trading.md §6).
  'GET /dashboard/realtime': SIGNED_IN,
  'GET /dashboard/deals': SIGNED_IN,
  'GET /dashboard/overview': SIGNED_IN,
  'GET /dashboard/stats': SIGNED_IN,
  'GET /dashboard/positions': SIGNED_IN,
  'GET /trading/equity-curve': SIGNED_IN,
  'GET /trading/history-span': SIGNED_IN,
  'GET /trading/trades/totals': SIGNED_IN,
  'GET /bridge/trades': SIGNED_IN,
  'GET /api/reports/summary': SIGNED_IN,
  'POST /api/reports/mt5/html': SIGNED_IN,
  'POST /api/reports/mt5/xml': SIGNED_IN,
  'GET /api/market/bars': SIGNED_IN,
  // Which of one's accounts the screens read is a view choice, not a change to the data.
  'GET /api/accounts': SIGNED_IN,
  'PUT /api/accounts/current': SIGNED_IN,
  // 'Todas as contas': one's own accounts summed per currency, a read like the statistics.
  'GET /api/accounts/all': SIGNED_IN,
  // Importing a report stores an account: owners only; its progress belongs to the import.
  'POST /api/reports/import': OWNERS,
  'GET /api/reports/import/progress': OWNERS,

  // Alerts: viewers read only (README: Alerts).
  'GET /api/alerts/config': SIGNED_IN,
  'POST /api/alerts/config': OWNERS,
  'GET /api/alerts/recent': SIGNED_IN,

  // Income tax: own data only; the two PUTs not for viewers (README: Imposto de renda).
  'GET /api/taxes': SIGNED_IN,
  'GET /api/taxes/months/:month': SIGNED_IN,
  'PUT /api/taxes/darf/:month': OWNERS,
  'GET /api/taxes/settings': SIGNED_IN,
  'PUT /api/taxes/settings': OWNERS,
  'GET /api/taxes/annual.csv': SIGNED_IN,
};
