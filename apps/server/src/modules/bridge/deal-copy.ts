import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Mt5Deal } from '@vortex/core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// The column order of the rows below: account_id last, so a row can be built before the
// connection knows its account.
const COPY_DEALS = `COPY deals (ticket, order_ticket, position_id, symbol, type, entry, volume, price,
  profit, commission, swap, magic, reason, comment, time_msc, account_id) FROM STDIN`;

// COPY's text format: tab-separated columns, backslash escapes inside text fields (an escaped
// backslash also keeps a comment from reading as the end-of-data marker).
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const text = (s: string) => s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c);

/** A batch's rows in COPY's text format, each missing its account id and line end. */
export function copyRows(deals: readonly Mt5Deal[]): string[] {
  return deals.map(
    (d) =>
      `${d.ticket}\t${d.order}\t${d.position_id}\t${text(d.symbol)}\t${d.type}\t${d.entry}\t` +
      `${d.volume}\t${d.price}\t${d.profit}\t${d.commission}\t${d.swap}\t${d.magic}\t` +
      `${d.reason}\t${text(d.comment)}\t${d.time_msc}`,
  );
}

/**
 * One COPY statement, so one commit: all the rows or none. No conflict check: a ticket already
 * stored fails the whole statement on the primary key, and the caller decides what then.
 */
export async function copyDeals(pool: pg.Pool, accountId: number, rows: string[]): Promise<number> {
  const end = `\t${accountId}\n`;
  const body = Buffer.from(rows.join(end) + end);
  const client = await pool.connect();
  try {
    const stream = client.query(copyFrom(COPY_DEALS));
    await pipeline(Readable.from([body]), stream);
    client.release();
    return stream.rowCount;
  } catch (err) {
    // A COPY cut short may leave the connection mid-protocol: it is closed, not reused.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
}
