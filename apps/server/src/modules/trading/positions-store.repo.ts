import {
  DEAL_ENTRIES,
  formatDuration,
  type ClosedPosition,
  type RoundTrip,
  type TradeDeal,
} from '@vortex/core';
import type pg from 'pg';
import { z } from 'zod';
import { columnRows, type ColumnsOf } from '../../db/row-columns.js';
import { maybeRow } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';
import type { BuilderState } from './positions-builder.js';
import { closedRows, copyClosed, fitsCopy } from './closed-positions-copy.js';
import type { DealsVersion } from './positions-cache.repo.js';

/** The follower's watermark: the deals version its rows were built from, and how to go on. */
export interface Watermark {
  version: DealsVersion;
  state: BuilderState;
  /** Rebuilds so far: rows read under another count may have been replaced. */
  builds: number;
}

const Side = z.enum(['BUY', 'SELL']);
const Leg = z.object({ volume: z.number(), price: z.number() });

// The follower's own JSON of core's RoundTrip and TradeDeal (writeWatermark): checked all the
// same, a watermark of another build's shape must not be taken for this one's.
const RoundTripJson: z.ZodType<RoundTrip> = z.object({
  number: z.number(),
  side: Side,
  symbol: z.string(),
  magic: z.number(),
  opened: z.number(),
  closed: z.number(),
  openTime: z.number(),
  closeTime: z.number(),
  opens: z.array(Leg),
  closes: z.array(Leg),
  profit: z.number(),
  commission: z.number(),
  // Watermarks written before fees counted have none: the trip's fee so far is then 0.
  fee: z.number().optional(),
  swap: z.number(),
  exitReason: z.string(),
  inferred: z.boolean().optional(),
  get reversedFrom() {
    return z.object({ trip: RoundTripJson, volume: z.number(), price: z.number() }).optional();
  },
});

const TradeDealJson = z.object({
  ticket: z.string().nullable(),
  position_id: z.string().nullable(),
  order: z.string().nullable(),
  user_id: z.string().nullable(),
  symbol: z.string(),
  magic: z.number(),
  volume: z.number(),
  type: Side,
  entry: z.enum(DEAL_ENTRIES),
  price: z.number(),
  time: z.number(),
  profit: z.number(),
  commission: z.number(),
  fee: z.number().optional(),
  swap: z.number(),
  reason: z.string().nullable(),
  status: z.string().nullable(),
}) satisfies z.ZodType<TradeDeal>;

const WatermarkRow = z.object({
  deals_count: z.number(),
  max_ticket: z.number(),
  epoch: z.number(),
  trade_deals: z.number(),
  open_trips: z.record(z.string(), RoundTripJson),
  last_deal: TradeDealJson.nullable(),
  builds: z.number(),
  key_max: z.number(),
});

export async function readWatermark(
  db: Queryable,
  accountId: number,
): Promise<Watermark | undefined> {
  const r = await maybeRow(
    db,
    WatermarkRow,
    `SELECT deals_count, max_ticket, epoch, trade_deals, open_trips, last_deal, builds, key_max
     FROM positions_watermarks WHERE account_id = $1`,
    [accountId],
  );
  if (!r) return undefined;
  return {
    version: { count: r.deals_count, maxTicket: r.max_ticket, epoch: r.epoch },
    state: {
      openTrips: r.open_trips,
      last: r.last_deal,
      tradeDeals: r.trade_deals,
      keyMax: r.key_max,
    },
    builds: r.builds,
  };
}

export async function writeWatermark(
  db: pg.ClientBase,
  accountId: number,
  { version, state }: Omit<Watermark, 'builds'>,
  rebuilt: boolean,
): Promise<void> {
  await db.query(
    `INSERT INTO positions_watermarks AS w
       (account_id, deals_count, max_ticket, epoch, trade_deals, open_trips, last_deal, key_max,
        builds)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $9, 1)
     ON CONFLICT (account_id) DO UPDATE SET deals_count = EXCLUDED.deals_count,
       max_ticket = EXCLUDED.max_ticket, epoch = EXCLUDED.epoch, trade_deals = EXCLUDED.trade_deals,
       open_trips = EXCLUDED.open_trips, last_deal = EXCLUDED.last_deal,
       key_max = EXCLUDED.key_max, updated_at = now(), builds = w.builds + $8::int`,
    [
      accountId,
      version.count,
      version.maxTicket,
      version.epoch,
      state.tradeDeals,
      JSON.stringify(state.openTrips),
      JSON.stringify(state.last),
      rebuilt ? 1 : 0,
      state.keyMax,
    ],
  );
}

// Array literals written here rather than by node-postgres, which converts element by element
// through its generic value conversion: half of the follower's CPU when deals arrive in bulk.
// Numbers need no quoting; text is quoted as node-postgres quotes it.
const numbers = (values: number[]) => `{${values.join(',')}}`;
const quoted = (s: string) => `"${s.replace(/[\\"]/g, '\\$&')}"`;
const texts = (values: readonly string[]) => `{${values.map(quoted).join(',')}}`;
const bools = (values: boolean[]) => `{${values.map((b) => (b ? 't' : 'f')).join(',')}}`;

// One index probe per id: as `position_id = ANY(...)` the planner scanned all the account's
// positions for each slice (32 ms at 100,000 of them, against 2.5 ms).
const FINISHED_COUNTS = `SELECT i.id, c.n FROM unnest($2::text[]) AS i (id)
           CROSS JOIN LATERAL (SELECT max(round_trip) AS n FROM closed_positions
                               WHERE account_id = $1 AND position_id = i.id) c
           WHERE c.n IS NOT NULL`;

/** Round trips each id has finished, of `ids`, as stored (the key's last round_trip). */
export async function finishedCounts(
  db: pg.ClientBase,
  accountId: number,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const answer = await db.query({
    text: FINISHED_COUNTS,
    values: [accountId, texts(ids)],
    rowMode: 'array',
  });
  for (const [id, count] of columnRows(answer.rows, ['string', 'number'], FINISHED_COUNTS)) {
    counts.set(id, count);
  }
  return counts;
}

const COLUMNS = `position_id, round_trip, symbol, magic, side, volume, entry_price, exit_price,
  open_time, close_time, profit, commission, swap, exit_reason, is_flat, fee`;

/**
 * Stores finished round trips in one statement: by binary COPY when every value fits its column
 * as is (see closed-positions-copy.ts), else by insertClosedArrays.
 */
export async function insertClosed(
  db: pg.ClientBase,
  accountId: number,
  positions: readonly ClosedPosition[],
): Promise<void> {
  if (positions.length === 0) return;
  if (positions.every(fitsCopy)) await copyClosed(db, closedRows(accountId, positions));
  else await insertClosedArrays(db, accountId, positions);
}

/** The same rows as arrays in, one row each out: values are converted by the database. */
export async function insertClosedArrays(
  db: pg.ClientBase,
  accountId: number,
  positions: readonly ClosedPosition[],
): Promise<void> {
  const col = <T>(pick: (p: ClosedPosition) => T) => positions.map(pick);
  await db.query(
    `INSERT INTO closed_positions (account_id, ${COLUMNS})
     SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::bigint[], $6::smallint[],
       $7::float8[], $8::float8[], $9::float8[], $10::bigint[], $11::bigint[], $12::float8[],
       $13::float8[], $14::float8[], $15::text[], $16::bool[], $17::float8[])`,
    [
      accountId,
      texts(col((p) => p.position_id)),
      numbers(col((p) => p.round_trip)),
      texts(col((p) => p.symbol)),
      numbers(col((p) => p.magic)),
      numbers(col((p) => (p.type === 'BUY' ? 0 : 1))),
      numbers(col((p) => p.volume)),
      numbers(col((p) => p.entry_price)),
      numbers(col((p) => p.exit_price)),
      numbers(col((p) => p.open_time)),
      numbers(col((p) => p.close_time)),
      numbers(col((p) => p.profit)),
      numbers(col((p) => p.commission)),
      numbers(col((p) => p.swap)),
      texts(col((p) => p.exit_reason)),
      bools(col((p) => p.status === 'closed')),
      numbers(col((p) => p.fee ?? 0)),
    ],
  );
}

/** What pg sends for READ_COLUMNS, in order (the float8 casts give numbers). */
const STORED_KINDS = [
  'string',
  'number',
  'string',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'string',
  'boolean',
  'number',
] as const;
type StoredRow = ColumnsOf<typeof STORED_KINDS>;

function toPosition(r: StoredRow): ClosedPosition {
  const [position_id, round_trip, symbol, magic, side, volume, entry_price, exit_price] = r;
  const [, , , , , , , , open_time, close_time, profit, commission, swap, exit_reason, flat, fee] =
    r;
  return {
    position_id,
    round_trip,
    symbol,
    magic,
    type: side === 0 ? 'BUY' : 'SELL',
    volume,
    entry_price,
    exit_price,
    open_time,
    close_time,
    duration: formatDuration(close_time - open_time),
    profit,
    commission,
    // As core builds it: a round trip without fees has none, not a fee of 0.
    ...(fee === 0 ? {} : { fee }),
    swap,
    exit_reason,
    status: flat ? 'closed' : 'open',
    is_complete: true,
  };
}

/** Rows per FETCH when reading positions: each slice is mapped between two turns of the loop. */
const READ_SLICE = 5_000;
const FETCH_STORED = `FETCH ${READ_SLICE} FROM stored_positions`;
const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The columns toPosition reads, in its order; times as float8, which pg parses as numbers. */
export const READ_COLUMNS = `position_id, round_trip, symbol, magic::float8, side, volume,
  entry_price, exit_price, open_time::float8, close_time::float8, profit, commission, swap,
  exit_reason, is_flat, fee`;

/**
 * The stored positions with from <= close_time < before, by close time (ties in any order), read
 * in slices inside the caller's transaction so a long range never holds the event loop.
 */
export function readClosed(
  db: pg.ClientBase,
  accountId: number,
  from: number,
  before: number,
): Promise<ClosedPosition[]> {
  // The table's column, not the float8 output column of the same name: ordered by that, the
  // plan sorted every row of the range before the first slice; by this, the index gives order.
  return readPositions(
    db,
    `SELECT ${READ_COLUMNS} FROM closed_positions
     WHERE account_id = $1 AND close_time >= $2 AND close_time < $3
     ORDER BY closed_positions.close_time`,
    [accountId, from, before],
  );
}

/** Positions from `select` (READ_COLUMNS, in order), fetched by a cursor in slices. */
export async function readPositions(
  db: pg.ClientBase,
  select: string,
  values: unknown[],
): Promise<ClosedPosition[]> {
  await db.query(`DECLARE stored_positions NO SCROLL CURSOR FOR ${select}`, values);
  const out: ClosedPosition[] = [];
  for (;;) {
    const { rows } = await db.query({ text: FETCH_STORED, rowMode: 'array' });
    for (const row of columnRows(rows, STORED_KINDS, FETCH_STORED)) out.push(toPosition(row));
    if (rows.length < READ_SLICE) break;
    await yieldLoop();
  }
  await db.query('CLOSE stored_positions');
  return out;
}

export { yieldLoop };
