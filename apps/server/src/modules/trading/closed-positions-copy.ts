import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ClosedPosition } from '@vortex/core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  bool,
  copyBuffer,
  copyEnd,
  float8,
  int2,
  int4,
  int8,
  isInt4,
  isInt8,
  row,
  rowOverhead,
  text,
  textBound,
} from '../../lib/pg-binary-copy.js';

const COPY_CLOSED = `COPY closed_positions (account_id, position_id, round_trip, symbol, magic, side,
  volume, entry_price, exit_price, open_time, close_time, profit, commission, swap, exit_reason,
  is_flat, fee) FROM STDIN (FORMAT binary)`;

const COLUMNS = 17;
// Per row: 4 bigints, an integer, a smallint, 7 float8s and a boolean, besides the text.
const ROW_FIXED = rowOverhead(COLUMNS) + 4 * 8 + 4 + 2 + 7 * 8 + 1;

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
    isInt8(p.magic) &&
    isInt8(p.open_time) &&
    isInt8(p.close_time) &&
    isInt4(p.round_trip) &&
    typeof p.position_id === 'string' &&
    typeof p.symbol === 'string' &&
    typeof p.exit_reason === 'string'
  );
}

/** The positions as COPY's binary rows (every one must fit, see fitsCopy). */
export function closedRows(accountId: number, positions: readonly ClosedPosition[]): Buffer {
  let size = 0;
  for (const p of positions) {
    size += ROW_FIXED + textBound(p.position_id) + textBound(p.symbol) + textBound(p.exit_reason);
  }
  const buffer = copyBuffer(size);
  const { out, v } = buffer;
  let at = buffer.at;
  for (const p of positions) {
    at = int8(v, row(v, at, COLUMNS), accountId);
    at = text(out, v, at, p.position_id);
    at = int4(v, at, p.round_trip);
    at = text(out, v, at, p.symbol);
    at = int8(v, at, p.magic);
    at = int2(v, at, p.type === 'BUY' ? 0 : 1);
    at = float8(v, at, p.volume);
    at = float8(v, at, p.entry_price);
    at = float8(v, at, p.exit_price);
    at = int8(v, at, p.open_time);
    at = int8(v, at, p.close_time);
    at = float8(v, at, p.profit);
    at = float8(v, at, p.commission);
    at = float8(v, at, p.swap);
    at = text(out, v, at, p.exit_reason);
    at = bool(v, at, p.status === 'closed');
    at = float8(v, at, p.fee ?? 0);
  }
  return copyEnd(out, v, at);
}

/** One COPY on the caller's connection (in its transaction); a failure is a CopyFailed. */
export async function copyClosed(db: pg.ClientBase, rows: Buffer): Promise<void> {
  try {
    await pipeline(Readable.from([rows]), db.query(copyFrom(COPY_CLOSED)));
  } catch (err) {
    throw new CopyFailed(err);
  }
}
