import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Mt5Deal } from '@vortex/core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  copyBuffer,
  copyEnd,
  float8,
  int2,
  int8,
  isInt2,
  isInt8,
  row,
  rowOverhead,
  text,
  textBound,
} from '../../lib/pg-binary-copy.js';

// The column order of the rows below: account_id last, so a row can be built before the
// connection knows its account (its value is written in at the COPY).
const COPY_DEALS = `COPY deals (ticket, order_ticket, position_id, symbol, type, entry, volume, price,
  profit, commission, fee, swap, magic, reason, comment, time_msc, account_id) FROM STDIN (FORMAT binary)`;

const COLUMNS = 17;
// Per row: 6 bigints, 3 smallints and 6 float8s, besides the text.
const ROW_FIXED = rowOverhead(COLUMNS) + 6 * 8 + 3 * 2 + 6 * 8;

/** A batch's rows in COPY's binary format; each account id is written in at the COPY. */
export interface CopyBody {
  data: Buffer;
  /** Where each row's account id goes. */
  accountAt: Int32Array;
}

// Tickets, ids, magics and times are never negative here.
const isBigint = (x: unknown): x is number => isInt8(x) && x >= 0;

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
    isInt2(d.type) &&
    isInt2(d.entry) &&
    isInt2(d.reason) &&
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

/**
 * The rows of a batch for COPY, built as the message arrives (so while the previous batch is
 * stored); undefined when a value would not go in as is.
 */
export function copyRows(deals: readonly Mt5Deal[]): CopyBody | undefined {
  let size = 0;
  for (const d of deals) {
    if (!fits(d)) return undefined;
    size += ROW_FIXED + textBound(d.symbol) + textBound(d.comment);
  }
  const buffer = copyBuffer(size);
  const { out, v } = buffer;
  let at = buffer.at;
  const accountAt = new Int32Array(deals.length);
  for (let i = 0; i < deals.length; i++) {
    const d = deals[i] as Mt5Deal;
    at = int8(v, row(v, at, COLUMNS), d.ticket);
    at = int8(v, at, d.order);
    at = int8(v, at, d.position_id);
    at = text(out, v, at, d.symbol);
    at = int2(v, at, d.type);
    at = int2(v, at, d.entry);
    at = float8(v, at, d.volume);
    at = float8(v, at, d.price);
    at = float8(v, at, d.profit);
    at = float8(v, at, d.commission);
    // Older agents send no fee: 0, as the column's default.
    at = float8(v, at, d.fee ?? 0);
    at = float8(v, at, d.swap);
    at = int8(v, at, d.magic);
    at = int2(v, at, d.reason);
    at = text(out, v, at, d.comment);
    at = int8(v, at, d.time_msc);
    accountAt[i] = at;
    at = int8(v, at, 0);
  }
  return { data: copyEnd(out, v, at), accountAt };
}

/**
 * One COPY statement, so one commit: all the rows or none. No conflict check: a ticket already
 * stored fails the whole statement on the primary key, and the caller decides what then.
 */
export async function copyDeals(pool: pg.Pool, accountId: number, rows: CopyBody): Promise<number> {
  const { data, accountAt } = rows;
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (const at of accountAt) int8(v, at, accountId);
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
