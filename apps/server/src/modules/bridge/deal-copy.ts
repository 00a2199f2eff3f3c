import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Mt5Deal } from '@vortex/core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// The column order of the rows below: account_id last, so a row can be built before the
// connection knows its account (its value is written in at the COPY).
const COPY_DEALS = `COPY deals (ticket, order_ticket, position_id, symbol, type, entry, volume, price,
  profit, commission, fee, swap, magic, reason, comment, time_msc, account_id) FROM STDIN (FORMAT binary)`;

const COLUMNS = 17;
// The binary format's signature, flags and header extension length; -1 fields ends the data.
const HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
// Per row: the field count, a length per field, 6 bigints, 3 smallints and 6 float8s.
const ROW_FIXED = 2 + 4 * COLUMNS + 6 * 8 + 3 * 2 + 6 * 8;
const TWO_32 = 2 ** 32;

/** A batch's rows in COPY's binary format; each account id is written in at the COPY. */
export interface CopyBody {
  data: Buffer;
  /** Where each row's account id goes. */
  accountAt: Int32Array;
}

const isBigint = (x: unknown): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 2 ** 53;
const isSmallint = (x: unknown): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= -32_768 && x <= 32_767;

/**
 * Whether every value goes into its column as is. The contract's bounds make it so; anything
 * else (negative or fractional tickets, from a caller other than the agent) is left to the
 * INSERT, whose text conversions and answer are the database's.
 */
function fits(d: Mt5Deal): boolean {
  return (
    isBigint(d.ticket) &&
    isBigint(d.order) &&
    isBigint(d.position_id) &&
    isBigint(d.magic) &&
    isBigint(d.time_msc) &&
    isSmallint(d.type) &&
    isSmallint(d.entry) &&
    isSmallint(d.reason) &&
    typeof d.volume === 'number' &&
    typeof d.price === 'number' &&
    typeof d.profit === 'number' &&
    typeof d.commission === 'number' &&
    (d.fee === undefined || typeof d.fee === 'number') &&
    typeof d.swap === 'number' &&
    typeof d.symbol === 'string' &&
    typeof d.comment === 'string'
  );
}

// Field writers: each writes its field's length, then its value, and returns where the next goes.
// Plain functions over a DataView: ~1 ms a batch of 5,000, against ~8 with Buffer's methods.
function bigint(v: DataView, at: number, x: number): number {
  v.setInt32(at, 8);
  v.setUint32(at + 4, Math.floor(x / TWO_32));
  v.setUint32(at + 8, x >>> 0);
  return at + 12;
}

function smallint(v: DataView, at: number, x: number): number {
  v.setInt32(at, 2);
  v.setInt16(at + 4, x);
  return at + 6;
}

// Sent as text, a -0 was stored as 0: so it still is.
function float8(v: DataView, at: number, x: number): number {
  v.setInt32(at, 8);
  v.setFloat64(at + 4, x + 0);
  return at + 12;
}

// ASCII byte by byte (symbols and comments nearly always are); anything else as UTF-8.
function text(out: Buffer, v: DataView, at: number, s: string): number {
  let p = at + 4;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      const n = out.write(s, at + 4, 'utf8');
      v.setInt32(at, n);
      return at + 4 + n;
    }
    out[p++] = c;
  }
  v.setInt32(at, s.length);
  return p;
}

/**
 * The rows of a batch for COPY, built as the message arrives (so while the previous batch is
 * stored); undefined when a value would not go in as is.
 */
export function copyRows(deals: readonly Mt5Deal[]): CopyBody | undefined {
  let size = HEADER.length + 2;
  for (const d of deals) {
    if (!fits(d)) return undefined;
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    size += ROW_FIXED + 3 * (d.symbol.length + d.comment.length);
  }
  const out = Buffer.allocUnsafe(size);
  const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const accountAt = new Int32Array(deals.length);
  let at = HEADER.copy(out, 0);
  for (let i = 0; i < deals.length; i++) {
    const d = deals[i] as Mt5Deal;
    v.setInt16(at, COLUMNS);
    at = bigint(v, at + 2, d.ticket);
    at = bigint(v, at, d.order);
    at = bigint(v, at, d.position_id);
    at = text(out, v, at, d.symbol);
    at = smallint(v, at, d.type);
    at = smallint(v, at, d.entry);
    at = float8(v, at, d.volume);
    at = float8(v, at, d.price);
    at = float8(v, at, d.profit);
    at = float8(v, at, d.commission);
    // Older agents send no fee: 0, as the column's default.
    at = float8(v, at, d.fee ?? 0);
    at = float8(v, at, d.swap);
    at = bigint(v, at, d.magic);
    at = smallint(v, at, d.reason);
    at = text(out, v, at, d.comment);
    at = bigint(v, at, d.time_msc);
    accountAt[i] = at;
    at = bigint(v, at, 0);
  }
  v.setInt16(at, -1);
  return { data: out.subarray(0, at + 2), accountAt };
}

/**
 * One COPY statement, so one commit: all the rows or none. No conflict check: a ticket already
 * stored fails the whole statement on the primary key, and the caller decides what then.
 */
export async function copyDeals(pool: pg.Pool, accountId: number, rows: CopyBody): Promise<number> {
  const { data, accountAt } = rows;
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (const at of accountAt) bigint(v, at, accountId);
  const client = await pool.connect();
  try {
    const stream = client.query(copyFrom(COPY_DEALS));
    await pipeline(Readable.from([data]), stream);
    client.release();
    return stream.rowCount;
  } catch (err) {
    // A COPY cut short may leave the connection mid-protocol: it is closed, not reused.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
}
