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
import { balanceOperationsBetween } from './balance-operations.repo.js';
import { storedBalanceBefore } from './day-totals.repo.js';
import { readClosed, readPositions, readWatermark, yieldLoop } from './positions-store.repo.js';
import { overviewBody, statsBody } from './statistics.service.js';
import { currentAccountOf } from './trading.repo.js';

/**
 * Connections opened at start-up: all the pool may hold. After a restart every screen's first read
 * comes at once, and the pool would otherwise open them in the middle of that burst (each a turn
 * of the event loop's work, and a backend start of PostgreSQL's on the same cores).
 */
export const warmConnectionsOf = (pool: pg.Pool): number => pool.options.max;
/**
 * Positions per step. Each step runs between two turns of the event loop, and the first ones run
 * interpreted: over 5,000 positions at once one step held the loop ~120 ms; over 1,000 the
 * overview still took up to ~40 ms on a busy 2-core machine.
 */
const SLICE = 500;
/** Slices of a month's synthetic positions: 5,000 in all, as a 30-day read of a busy account. */
const SLICES = 10;
const ROUNDS = 2;
/** Rounds of SLICE synthetic rows mapped: as many rows in all as the stats' rounds see. */
const ROW_ROUNDS = ROUNDS * SLICES;
/** No account, user or session has this id: the statements find nothing. */
const NOBODY = -1;
const DAY = 86_400_000;

/** READ_COLUMNS' types from generate_series: the rows a stored read parses, of nobody's data. */
const SYNTHETIC_ROWS = `SELECT 'w' || g, 1, 'WINZ25', (g % 3)::float8, (g % 2)::int2, 1::float8,
  100000::float8, (100000 + g % 11 * 5)::float8, ($2::bigint + g * 60000)::float8,
  ($2::bigint + g * 60000 + 30000)::float8, (g % 7 - 3)::float8, (-0.5)::float8, 0::float8,
  'EXPERT', true, 0::float8
  FROM generate_series(1, $1::int) g ORDER BY g`;

/**
 * A freshly started process meets its first screen with cold code (interpreted, Intl's zone
 * data unloaded, zod's response parsers not yet generated) and one pool connection whose backend
 * has not yet looked at the trading tables: the first read of a 1,000,000-deal account paid for
 * all of it. This runs the same code over synthetic positions and the read path's statements on
 * an id nobody has, over warmConnectionsOf(pool) connections it leaves in the pool. It reads no
 * trader's data and writes nothing; callers log its failure and go on (the database may be away).
 * It works in steps of SLICE positions with a turn of the event loop between them, so requests
 * arriving meanwhile wait for one step at most; once `stop` is aborted it takes no further step
 * (what is left would only compete with the first real reads). Whether it finished is returned.
 */
export async function warmTradingReads(
  pool: pg.Pool,
  now = Date.now(),
  stop?: AbortSignal,
): Promise<boolean> {
  const go = async () => {
    await yieldLoop();
    return stop?.aborted !== true;
  };
  const clients = await Promise.allSettled(
    Array.from({ length: warmConnectionsOf(pool) }, () => pool.connect()),
  );
  try {
    const [first, ...rest] = clients.flatMap((c) => (c.status === 'fulfilled' ? [c.value] : []));
    // The first read's code goes first: the other connections' statements run alongside it.
    const done = await Promise.all([
      first && warmStatements(first, now, go).then((ok) => ok && warmCompute(now, go)),
      ...rest.map((client) => warmStatements(client, now)),
    ]);
    const failed = clients.find((c) => c.status === 'rejected');
    if (failed) throw failed.reason;
    return done.every(Boolean);
  } finally {
    for (const c of clients) if (c.status === 'fulfilled') c.value.release();
  }
}

/**
 * The statements of a first read, in one read-only transaction; given `go`, the client also maps
 * synthetic rows, a slice at a time. False when stopped before the end.
 */
async function warmStatements(
  client: pg.PoolClient,
  now: number,
  go?: () => Promise<boolean>,
): Promise<boolean> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await findSession(client, Buffer.alloc(32));
    await findUserById(client, NOBODY);
    await currentAccountOf(client, NOBODY);
    await readWatermark(client, NOBODY);
    await readClosed(client, NOBODY, now - 30 * DAY, Number.MAX_SAFE_INTEGER);
    await storedBalanceBefore(client, NOBODY, now, null);
    await balanceOperationsBetween(client, NOBODY, now - 30 * DAY, now);
    if (!go) return true;
    for (let i = 0; i < ROW_ROUNDS; i++) {
      if (!(await go())) return false;
      await readPositions(client, SYNTHETIC_ROWS, [SLICE, now - 30 * DAY]);
    }
    return true;
  } finally {
    await client.query('COMMIT').catch(() => undefined);
  }
}

/**
 * /dashboard/stats' and /dashboard/overview's figures and their response checks, each over one
 * slice of a month's positions per turn of the event loop. False when stopped before the end.
 */
async function warmCompute(now: number, go: () => Promise<boolean>): Promise<boolean> {
  const range = lastDaysWindow(30, now);
  const recentFrom = lastDaysWindow(7, now).from;
  const slices: ClosedPosition[][] = [];
  for (let s = 0; s < SLICES; s++) {
    if (!(await go())) return false;
    slices.push(syntheticPositions(now, s));
  }
  for (let i = 0; i < ROUNDS; i++) {
    for (const positions of slices) {
      if (!(await go())) return false;
      const stats = statsBody(positions, 10_000 + i);
      if (!(await go())) return false;
      z.safeEncode(DashboardStatsResponseSchema, { success: true, data: stats });
      if (!(await go())) return false;
      const recent = positions.filter((p) => p.close_time >= recentFrom);
      const overview = overviewBody(positions, recent, i === 0 ? null : 10_000, range, now);
      if (!(await go())) return false;
      z.safeEncode(OverviewResponseSchema, { success: true, data: overview });
    }
  }
  return true;
}

/**
 * Slice `s` of a month of round trips a few minutes apart, closing up to `now`, wins and losses
 * mixed: every SLICES-th one, so each slice spans the whole month (its last 7 days included).
 */
function syntheticPositions(now: number, s: number): ClosedPosition[] {
  const step = Math.floor((30 * DAY) / (SLICE * SLICES));
  return Array.from({ length: SLICE }, (_, k): ClosedPosition => {
    const i = k * SLICES + s;
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
