import type pg from 'pg';
import { OutageLog, type OutageLogger } from '../../lib/outage-log.js';
import { pruneEvents } from '../auth/rate-events.repo.js';
import { purgeExpiredInstallers } from '../installer/installer.repo.js';
import { purgeLiveTickets } from '../live/live-tickets.repo.js';
import { thinAccountSnapshots } from './account-snapshot-retention.js';

export interface HousekeepingResult {
  rateEvents: number;
  sessions: number;
  passwordResets: number;
  liveTickets: number;
  /** Installers that expired undownloaded, and their claims no agent ever used. */
  installers: number;
  installerClaims: number;
  /** Account history rows thinned away (7 days in full, hourly for a year, daily after). */
  accountSnapshots: number;
}

/**
 * Drops what can no longer matter: old abuse counters, long-dead sessions and reset links, and
 * installers nobody downloaded in time (each holds a device key and a pending claim), and the
 * account history past its resolution.
 */
export async function runHousekeeping(pool: pg.Pool): Promise<HousekeepingResult> {
  const rateEvents = await pruneEvents(pool);
  const sessions = await pool.query(
    "DELETE FROM sessions WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'",
  );
  const resets = await pool.query(
    "DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'",
  );
  const liveTickets = await purgeLiveTickets(pool);
  const installers = await purgeExpiredInstallers(pool);
  const accountSnapshots = await thinAccountSnapshots(pool);
  return {
    rateEvents,
    sessions: sessions.rowCount ?? 0,
    passwordResets: resets.rowCount ?? 0,
    liveTickets,
    installers: installers.installers,
    installerClaims: installers.claims,
    accountSnapshots,
  };
}

/** Runs housekeeping now and then hourly; the returned function stops it. */
export function scheduleHousekeeping(
  pool: pg.Pool,
  log: OutageLogger,
  everyMs = 60 * 60 * 1000,
): () => void {
  const outage = new OutageLog(log, 'housekeeping failed');
  const tick = () =>
    runHousekeeping(pool).then(
      (r) => {
        outage.succeeded();
        log.info(r, 'housekeeping');
      },
      (err: unknown) => outage.failed(err),
    );
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
