import { sql as m0001 } from './0001-users-and-client-logs.js';
import { sql as m0002 } from './0002-sessions-resets-audit.js';
import { sql as m0003 } from './0003-bridge.js';
import { sql as m0004 } from './0004-live-commands-installers.js';
import { sql as m0005 } from './0005-session-disconnect.js';
import { sql as m0006 } from './0006-bars.js';
import { sql as m0007 } from './0007-deals-without-fk-checks.js';
import { sql as m0008 } from './0008-deals-version.js';
import { sql as m0009 } from './0009-auth-notify.js';
import { sql as m0010 } from './0010-bot-config.js';
import { sql as m0011 } from './0011-bot-runs.js';
import { sql as m0012 } from './0012-bot-lease.js';
import { sql as m0013 } from './0013-bot-risk.js';
import { sql as m0014 } from './0014-backups.js';
import { sql as m0015 } from './0015-messages.js';
import { sql as m0016 } from './0016-alerts.js';
import { sql as m0017 } from './0017-live-ticket-session.js';
import { sql as m0018 } from './0018-agent-bounds.js';
import { sql as m0019 } from './0019-phone-confirmation.js';
import { sql as m0020 } from './0020-login-lockout.js';
import { sql as m0021 } from './0021-onboarding-completed.js';
import { sql as m0022 } from './0022-closed-positions.js';
import { sql as m0023 } from './0023-account-snapshot-retention.js';
import { sql as m0024 } from './0024-closed-positions-without-fk-checks.js';
import { sql as m0025 } from './0025-rebuild-positions-mid-history.js';
import { sql as m0026 } from './0026-imported-accounts.js';
import { sql as m0027 } from './0027-history-orders-fees-digits.js';
import { sql as m0028 } from './0028-positions-key-max.js';
import { sql as m0029 } from './0029-taxes.js';
import { sql as m0030 } from './0030-one-account.js';
import { sql as m0031 } from './0031-positions-fees.js';
import { sql as m0032 } from './0032-symbol-specs.js';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Ordered, append-only: a shipped migration is never edited, only followed by a new one. */
export const migrations: Migration[] = [
  { id: 1, name: 'users-and-client-logs', sql: m0001 },
  { id: 2, name: 'sessions-resets-audit', sql: m0002 },
  { id: 3, name: 'bridge', sql: m0003 },
  { id: 4, name: 'live-commands-installers', sql: m0004 },
  { id: 5, name: 'session-disconnect', sql: m0005 },
  { id: 6, name: 'bars', sql: m0006 },
  { id: 7, name: 'deals-without-fk-checks', sql: m0007 },
  { id: 8, name: 'deals-version', sql: m0008 },
  { id: 9, name: 'auth-notify', sql: m0009 },
  { id: 10, name: 'bot-config', sql: m0010 },
  { id: 11, name: 'bot-runs', sql: m0011 },
  { id: 12, name: 'bot-lease', sql: m0012 },
  { id: 13, name: 'bot-risk', sql: m0013 },
  { id: 14, name: 'backups', sql: m0014 },
  { id: 15, name: 'messages', sql: m0015 },
  { id: 16, name: 'alerts', sql: m0016 },
  { id: 17, name: 'live-ticket-session', sql: m0017 },
  { id: 18, name: 'agent-bounds', sql: m0018 },
  { id: 19, name: 'phone-confirmation', sql: m0019 },
  { id: 20, name: 'login-lockout', sql: m0020 },
  { id: 21, name: 'onboarding-completed', sql: m0021 },
  { id: 22, name: 'closed-positions', sql: m0022 },
  { id: 23, name: 'account-snapshot-retention', sql: m0023 },
  { id: 24, name: 'closed-positions-without-fk-checks', sql: m0024 },
  { id: 25, name: 'rebuild-positions-mid-history', sql: m0025 },
  { id: 26, name: 'imported-accounts', sql: m0026 },
  { id: 27, name: 'history-orders-fees-digits', sql: m0027 },
  { id: 28, name: 'positions-key-max', sql: m0028 },
  { id: 29, name: 'taxes', sql: m0029 },
  { id: 30, name: 'one-account', sql: m0030 },
  { id: 31, name: 'positions-fees', sql: m0031 },
  { id: 32, name: 'symbol-specs', sql: m0032 },
];
