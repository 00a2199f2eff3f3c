import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../db/db-errors.js';
import { connectClient } from '../../db/pg-client.js';
import { oneRow, rowsOf } from '../../db/rows.js';
import type { RowCounts } from './catalog-dump.js';
import { SqlSplitter } from './sql-splitter.js';

const CountRow = z.object({ n: z.number().int() });

async function isGzip(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await fh.close();
  }
}

/** The dump's text, gunzipped when it is gzip (judged by its first bytes, not its name). */
export async function openDumpText(file: string): Promise<Readable> {
  const raw = createReadStream(file);
  const text = (await isGzip(file)) ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (e) => text.destroy(e));
  return text.setEncoding('utf8');
}

export class RestoreError extends Error {}

/**
 * Runs a plain SQL dump (ours or pg_dump's --inserts output) into a database in one
 * transaction: it either restores whole or leaves the database as it was.
 */
export async function restoreDump(
  file: string,
  connectionString: string,
  opts: { replace?: boolean } = {},
): Promise<void> {
  const client = await connectClient(connectionString);
  const splitter = new SqlSplitter();
  const exec = async (stmt: string) => {
    if (/^COPY\s[\s\S]*\bFROM\s+stdin/i.test(stmt))
      throw new RestoreError('dumps com COPY não são suportados; use --inserts');
    try {
      await client.query(stmt);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      throw new RestoreError(
        `${err instanceof Error ? err.message : String(err)} em: ${stmt.slice(0, 120)}`,
      );
    }
  };
  try {
    await client.query('BEGIN');
    // Replacing happens in the same transaction: a failed restore leaves the old data in place.
    if (opts.replace) await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    for await (const chunk of await openDumpText(file))
      for (const stmt of splitter.push(chunk as string)) await exec(stmt);
    for (const stmt of splitter.end()) await exec(stmt);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** Rows per table of the public schema, read on `client` (in its snapshot, if it has one). */
export async function countTableRows(client: pg.ClientBase): Promise<RowCounts> {
  const rows = await rowsOf(
    client,
    z.object({ relname: z.string() }),
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  const counts: RowCounts = {};
  for (const { relname } of rows) {
    const { n } = await oneRow(
      client,
      CountRow,
      `SELECT count(*)::int AS n FROM public."${relname.replace(/"/g, '""')}"`,
    );
    counts[relname] = n;
  }
  return counts;
}

/** Rows per table of the public schema of the database at `connectionString`. */
export async function countRows(connectionString: string): Promise<RowCounts> {
  const client = await connectClient(connectionString);
  try {
    return await countTableRows(client);
  } finally {
    await client.end();
  }
}

/** Tables in the public schema: a restore refuses a database that has any, unless forced. */
export async function tableCount(connectionString: string): Promise<number> {
  const client = await connectClient(connectionString);
  try {
    const { n } = await oneRow(
      client,
      CountRow,
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
    );
    return n;
  } finally {
    await client.end();
  }
}
