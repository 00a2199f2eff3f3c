import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';
import { openNewFile, PRIVATE_FILE_MODE, type FileOpener } from '../../lib/private-files.js';
import { catalogDump, type RowCounts } from './catalog-dump.js';
import { countTableRows } from './dump-restore.js';
import { findPgDump } from './pg-dump-tool.js';

export type DumpEngine = 'auto' | 'catalog';

export interface DumpOptions {
  pool: pg.Pool;
  file: string;
  /** gzip level 1–9, or null for a plain .sql file. */
  gzipLevel: number | null;
  engine?: DumpEngine;
  onProgress?: (fraction: number) => void;
  /** How the dump file is opened; tests give one that resolves to /dev/full. */
  openFile?: FileOpener;
}

export interface DumpResult {
  counts: RowCounts;
  /** What wrote the file: 'pg_dump 15' or 'catálogo'. */
  tool: string;
}

/** Source → gzip at the level (or nothing) → file, readable by the server's OS user only. */
async function writeTo(
  source: Readable,
  level: number | null,
  file: string,
  openFile: FileOpener,
): Promise<void> {
  // The stream closes the handle when it ends or fails.
  const sink = (await openFile(file, PRIVATE_FILE_MODE)).createWriteStream();
  if (level === null) await pipeline(source, sink);
  else await pipeline(source, createGzip({ level }), sink);
}

export async function serverMajor(pool: pg.Pool): Promise<number> {
  const { v } = await oneRow(
    pool,
    z.object({ v: z.string() }),
    "SELECT current_setting('server_version_num') AS v",
  );
  return Math.floor(Number(v) / 10_000);
}

async function withPgDump(
  client: pg.ClientBase,
  connectionString: string,
  bin: string,
  file: string,
  gzipLevel: number | null,
  openFile: FileOpener,
): Promise<void> {
  const { s: snapshot } = await oneRow(
    client,
    z.object({ s: z.string() }),
    'SELECT pg_export_snapshot() AS s',
  );
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  // The password travels in the environment, never on a command line others can list.
  const child = spawn(
    bin,
    [
      `--dbname=${url.toString()}`,
      `--snapshot=${snapshot}`,
      '--format=plain',
      '--no-owner',
      '--no-privileges',
      '--inserts',
      '--rows-per-insert=500',
    ],
    { env: { ...process.env, PGPASSWORD: password }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  await writeTo(child.stdout, gzipLevel, file, openFile);
  const code = await exited;
  if (code !== 0) throw new Error(stderr.trim() || `pg_dump saiu com código ${code}`);
}

/**
 * Writes a plain SQL dump of the database (gzip'd at the given level) with pg_dump when one of
 * the server's version exists, else from the catalog; either way the row counts come from the
 * same snapshot as the dump, for the verification to compare against.
 */
export async function writeDump(opts: DumpOptions): Promise<DumpResult> {
  const progress = opts.onProgress ?? (() => undefined);
  const openFile = opts.openFile ?? openNewFile;
  const tool = opts.engine === 'catalog' ? null : await findPgDump(await serverMajor(opts.pool));
  const client = await opts.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (tool) {
      const counts = await countTableRows(client);
      progress(0.2);
      const cs = (opts.pool as unknown as { options: { connectionString: string } }).options
        .connectionString;
      await withPgDump(client, cs, tool.bin, opts.file, opts.gzipLevel, openFile);
      await client.query('COMMIT');
      progress(1);
      return { counts, tool: `pg_dump ${tool.major}` };
    }
    const counts: RowCounts = {};
    await writeTo(
      Readable.from(catalogDump(client, counts, (done, total) => progress(done / total))),
      opts.gzipLevel,
      opts.file,
      openFile,
    );
    await client.query('COMMIT');
    return { counts, tool: 'catálogo' };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
