import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ClosedPosition } from '@vortex/core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const COPY_CLOSED = `COPY closed_positions (account_id, position_id, round_trip, symbol, magic, side,
  volume, entry_price, exit_price, open_time, close_time, profit, commission, swap, exit_reason,
  is_flat) FROM STDIN (FORMAT binary)`;

const COLUMNS = 16;
// The binary format's signature, flags and header extension length; -1 fields ends the data.
const HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
// Per row: the field count, a length per field, 4 bigints, an integer, a smallint, 6 float8s
// and a boolean.
const ROW_FIXED = 2 + 4 * COLUMNS + 4 * 8 + 4 + 2 + 6 * 8 + 1;
const TWO_32 = 2 ** 32;
const INT32 = 2 ** 31;

// Integers a double holds exactly, as the agent's contract bounds ids and times.
const isBigint = (x: number) => Number.isInteger(x) && Math.abs(x) <= 2 ** 53;

/** A COPY that failed may leave its connection mid-protocol: it is closed, never reused. */
export class CopyFailed extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * Whether every value goes into its column as is. Positions are built from stored deals, whose
 * columns make it so; anything else is left to the INSERT and the database's own conversions.
 */
export function fitsCopy(p: ClosedPosition): boolean {
  return (
    isBigint(p.magic) &&
    isBigint(p.open_time) &&
    isBigint(p.close_time) &&
    Number.isInteger(p.round_trip) &&
    p.round_trip >= -INT32 &&
    p.round_trip < INT32 &&
    typeof p.position_id === 'string' &&
    typeof p.symbol === 'string' &&
    typeof p.exit_reason === 'string'
  );
}

// Field writers over a DataView: each writes its field's length, then its value, and returns
// where the next field goes. Numbers go as their bytes: printing and parsing them as text was
// most of the CPU, on both sides, of storing positions.
function bigint(v: DataView, at: number, x: number): number {
  v.setInt32(at, 8);
  v.setInt32(at + 4, Math.floor(x / TWO_32));
  v.setUint32(at + 8, x >>> 0);
  return at + 12;
}

function int4(v: DataView, at: number, x: number): number {
  v.setInt32(at, 4);
  v.setInt32(at + 4, x);
  return at + 8;
}

function int2(v: DataView, at: number, x: number): number {
  v.setInt32(at, 2);
  v.setInt16(at + 4, x);
  return at + 6;
}

// As text, a -0 was stored as 0: so it still is.
function float8(v: DataView, at: number, x: number): number {
  v.setInt32(at, 8);
  v.setFloat64(at + 4, x + 0);
  return at + 12;
}

function bool(v: DataView, at: number, x: boolean): number {
  v.setInt32(at, 1);
  v.setUint8(at + 4, x ? 1 : 0);
  return at + 5;
}

// ASCII byte by byte (ids, symbols and reasons nearly always are); anything else as UTF-8.
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

/** The positions as COPY's binary rows (every one must fit, see fitsCopy). */
export function closedRows(accountId: number, positions: readonly ClosedPosition[]): Buffer {
  let size = HEADER.length + 2;
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  for (const p of positions) {
    size += ROW_FIXED + 3 * (p.position_id.length + p.symbol.length + p.exit_reason.length);
  }
  const out = Buffer.allocUnsafe(size);
  const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let at = HEADER.copy(out, 0);
  for (const p of positions) {
    v.setInt16(at, COLUMNS);
    at = bigint(v, at + 2, accountId);
    at = text(out, v, at, p.position_id);
    at = int4(v, at, p.round_trip);
    at = text(out, v, at, p.symbol);
    at = bigint(v, at, p.magic);
    at = int2(v, at, p.type === 'BUY' ? 0 : 1);
    at = float8(v, at, p.volume);
    at = float8(v, at, p.entry_price);
    at = float8(v, at, p.exit_price);
    at = bigint(v, at, p.open_time);
    at = bigint(v, at, p.close_time);
    at = float8(v, at, p.profit);
    at = float8(v, at, p.commission);
    at = float8(v, at, p.swap);
    at = text(out, v, at, p.exit_reason);
    at = bool(v, at, p.status === 'closed');
  }
  v.setInt16(at, -1);
  return out.subarray(0, at + 2);
}

/** One COPY on the caller's connection (in its transaction); a failure is a CopyFailed. */
export async function copyClosed(db: pg.ClientBase, rows: Buffer): Promise<void> {
  try {
    await pipeline(Readable.from([rows]), db.query(copyFrom(COPY_CLOSED)));
  } catch (err) {
    throw new CopyFailed(err);
  }
}
