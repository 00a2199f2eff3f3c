/**
 * The reference for deal ingestion: PostgreSQL's COPY FROM STDIN (pg-copy-streams) of the same
 * rows into a table like `deals` (same columns, defaults, primary key and indexes; no foreign
 * key), from the benchmark process with the text already built.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Mt5Deal } from '@vortex/core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export const COPY_TABLE = 'deals_copy_reference';
const COLUMNS =
  'account_id, ticket, order_ticket, position_id, symbol, type, entry, volume, price, profit, ' +
  'commission, swap, magic, reason, comment, time_msc';

export async function createCopyTable(pool: pg.Pool): Promise<void> {
  await pool.query(`CREATE TABLE ${COPY_TABLE} (LIKE deals INCLUDING ALL)`);
}

// COPY's text format: tab-separated columns, backslash escapes inside text fields.
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const text = (s: string) => s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c);

/** The rows of one account's deals in COPY's text format, built before the clock starts. */
export function copyText(accountId: number, deals: Mt5Deal[]): Buffer {
  const body = deals
    .map(
      (d) =>
        `${accountId}\t${d.ticket}\t${d.order}\t${d.position_id}\t${text(d.symbol)}\t${d.type}\t` +
        `${d.entry}\t${d.volume}\t${d.price}\t${d.profit}\t${d.commission}\t${d.swap}\t` +
        `${d.magic}\t${d.reason}\t${text(d.comment)}\t${d.time_msc}\n`,
    )
    .join('');
  return Buffer.from(body);
}

/** One COPY statement (so one commit); resolves with the rows it stored. */
export async function copyRows(pool: pg.Pool, body: Buffer): Promise<number> {
  const client = await pool.connect();
  try {
    const stream = client.query(copyFrom(`COPY ${COPY_TABLE} (${COLUMNS}) FROM STDIN`));
    await pipeline(Readable.from([body]), stream);
    return stream.rowCount;
  } finally {
    client.release();
  }
}
