import pg from 'pg';
import type { DatabaseStatus } from '../../db/database-status.js';
import { elapsedSince, withDeadline } from './deadline.js';

/** A probe waits this long for PostgreSQL; later it counts as down (a SIGSTOPped server never answers). */
export const HEALTH_DB_TIMEOUT_MS = 1_000;

/**
 * A ping itself gives up later than its callers: a database merely slow to connect (a restart
 * under load) still answers it, and its success then serves the next probes.
 */
const PING_GIVE_UP_MS = 5_000;

const TIMED_OUT = Symbol('timed out');

/** A database answer this recent is the answer: probes every few ms never queue on PostgreSQL. */
export const HEALTH_PING_REUSE_MS = 1000;

async function pingDatabase(pool: pg.Pool, status: DatabaseStatus): Promise<number | null> {
  const t0 = performance.now();
  try {
    await pool.query('SELECT 1');
    return elapsedSince(t0);
  } catch (err) {
    // A connect or read timeout is an outage too: the status confirms it with its own probe.
    status.report(err);
    return null;
  }
}

/**
 * The probe's own one-connection pool, with the app pool's settings: a load balancer's probe must
 * not queue behind the requests whose server it checks (a burst of reads holding all 20). Its own
 * timeouts end a hung ping, so the shared one in flight is never stuck for good.
 */
export function probePool(pool: pg.Pool): pg.Pool {
  const probe = new pg.Pool({
    ...pool.options,
    max: 1,
    connectionTimeoutMillis: PING_GIVE_UP_MS,
    query_timeout: PING_GIVE_UP_MS,
  });
  probe.on('error', () => undefined);
  probe.on('connect', (client) => client.on('error', () => undefined));
  return probe;
}

/**
 * One ping in flight at a time, and a successful one reused for HEALTH_PING_REUSE_MS: a burst of
 * probes (or anyone polling /health in a loop) costs the database one `SELECT 1` a second, and a
 * probe measures the server, not its wait for a busy PostgreSQL. A failure is never reused, and
 * an outage seen by any query answers at once through `status.state`. Each caller waits at most
 * `timeoutMs` for the ping in flight, however long ago it started: a hung one reads as down.
 */
export function sharedPing(
  probe: pg.Pool,
  status: DatabaseStatus,
  timeoutMs = HEALTH_DB_TIMEOUT_MS,
): () => Promise<number | null> {
  let inflight: Promise<number | null> | undefined;
  let last: { at: number; latency: number } | undefined;
  return () => {
    if (last && performance.now() - last.at < HEALTH_PING_REUSE_MS) {
      return Promise.resolve(last.latency);
    }
    inflight ??= pingDatabase(probe, status).then((latency) => {
      inflight = undefined;
      last = latency === null ? undefined : { at: performance.now(), latency };
      return latency;
    });
    return withDeadline<number | null | typeof TIMED_OUT>(inflight, timeoutMs, TIMED_OUT).then(
      (latency) => {
        if (latency !== TIMED_OUT) return latency;
        // Its own probe (3 s) tells a hung database from a slow one; once down, /health is instant.
        status.report(new Error('Query read timeout: /health ping'));
        return null;
      },
    );
  };
}
