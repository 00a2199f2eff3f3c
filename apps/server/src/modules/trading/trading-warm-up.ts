import {
  DashboardStatsResponseSchema,
  formatDuration,
  lastDaysWindow,
  OverviewResponseSchema,
  type ClosedPosition,
} from '@vortex/core';
import type pg from 'pg';
import { z } from 'zod';
import { findSession } from '../auth/sessions.repo.js';
import { findUserById } from '../users/users.repo.js';
import { storedBalanceBefore } from './day-totals.repo.js';
import { readClosed, readPositions, readWatermark } from './positions-store.repo.js';
import { overviewBody, statsBody } from './statistics.service.js';
import { currentAccountOf } from './trading.repo.js';

/** Connections opened at start-up: as many as the stored reads take at once, and one more. */
export const WARM_CONNECTIONS = 5;
/** Enough calls for V8 to optimise the per-position code, as a 30-day read of a busy account. */
const SYNTHETIC_POSITIONS = 5_000;
const ROUNDS = 2;
/** No account, user or session has this id: the statements find nothing. */
const NOBODY = -1;
const DAY = 86_400_000;

/** READ_COLUMNS' types from generate_series: the rows a stored read parses, of nobody's data. */
const SYNTHETIC_ROWS = `SELECT 'w' || g, 1, 'WINZ25', (g % 3)::float8, (g % 2)::int2, 1::float8,
  100000::float8, (100000 + g % 11 * 5)::float8, ($2::bigint + g * 60000)::float8,
  ($2::bigint + g * 60000 + 30000)::float8, (g % 7 - 3)::float8, (-0.5)::float8, 0::float8,
  'EXPERT', true
  FROM generate_series(1, $1::int) g ORDER BY g`;

/**
 * A freshly started process meets its first screen with cold code (interpreted, Intl's zone
 * data unloaded, zod's response parsers not yet generated) and one pool connection whose backend
 * has not yet looked at the trading tables: the first read of a 1,000,000-deal account paid for
 * all of it. This runs the same code over synthetic positions and the read path's statements on
 * an id nobody has, over WARM_CONNECTIONS connections it leaves in the pool. It reads no
 * trader's data and writes nothing; callers log its failure and go on (the database may be away).
 */
export async function warmTradingReads(pool: pg.Pool, now = Date.now()): Promise<void> {
  const clients = await Promise.allSettled(
    Array.from({ length: WARM_CONNECTIONS }, () => pool.connect()),
  );
  try {
    const connected = clients.flatMap((c) => (c.status === 'fulfilled' ? [c.value] : []));
    const [first] = connected;
    await Promise.all(connected.map((client) => warmStatements(client, now, client === first)));
    warmCompute(syntheticPositions(now), now);
    const failed = clients.find((c) => c.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    for (const c of clients) if (c.status === 'fulfilled') c.value.release();
  }
}

/** The statements of a first read, in one read-only transaction; the first client maps rows. */
async function warmStatements(client: pg.PoolClient, now: number, mapRows: boolean) {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await findSession(client, Buffer.alloc(32));
    await findUserById(client, NOBODY);
    await currentAccountOf(client, NOBODY);
    await readWatermark(client, NOBODY);
    await readClosed(client, NOBODY, now - 30 * DAY, Number.MAX_SAFE_INTEGER);
    await storedBalanceBefore(client, NOBODY, now, null);
    if (mapRows) {
      for (let i = 0; i < ROUNDS; i++) {
        await readPositions(client, SYNTHETIC_ROWS, [SYNTHETIC_POSITIONS, now - 30 * DAY]);
      }
    }
  } finally {
    await client.query('COMMIT').catch(() => undefined);
  }
}

/** /dashboard/stats' and /dashboard/overview's figures and their response checks. */
function warmCompute(positions: readonly ClosedPosition[], now: number): void {
  const range = lastDaysWindow(30, now);
  const recent = positions.filter((p) => p.close_time >= lastDaysWindow(7, now).from);
  for (let i = 0; i < ROUNDS; i++) {
    const stats = statsBody(positions, 10_000 + i);
    z.safeEncode(DashboardStatsResponseSchema, { success: true, data: stats });
    const overview = overviewBody(positions, recent, i === 0 ? null : 10_000, range, now);
    z.safeEncode(OverviewResponseSchema, { success: true, data: overview });
  }
}

/** A month of round trips a few minutes apart, closing up to `now`, wins and losses mixed. */
function syntheticPositions(now: number): ClosedPosition[] {
  const step = Math.floor((30 * DAY) / SYNTHETIC_POSITIONS);
  return Array.from({ length: SYNTHETIC_POSITIONS }, (_, i): ClosedPosition => {
    const open = now - 30 * DAY + i * step;
    const close = open + (i % 13) * 60_000 + 5_000;
    return {
      position_id: String(i + 1),
      round_trip: 1,
      symbol: i % 4 === 0 ? 'WDOZ25' : 'WINZ25',
      magic: i % 3,
      type: i % 2 === 0 ? 'BUY' : 'SELL',
      volume: 1 + (i % 5),
      entry_price: 100_000,
      exit_price: 100_000 + (i % 11) * 5,
      open_time: open,
      close_time: close,
      duration: formatDuration(close - open),
      profit: ((i * 37) % 19) - 9,
      commission: -0.5,
      swap: 0,
      exit_reason: i % 3 === 0 ? 'SL' : 'EXPERT',
      status: 'closed',
      is_complete: true,
    };
  });
}
