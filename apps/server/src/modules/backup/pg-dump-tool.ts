import { execFile } from 'node:child_process';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadPgBinaries } from '../../db/embedded/binaries.js';

const run = promisify(execFile);

async function majorOf(bin: string): Promise<number | null> {
  try {
    await access(bin);
    const { stdout } = await run(bin, ['--version'], { timeout: 10_000 });
    const m = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

async function candidates(): Promise<string[]> {
  const list: string[] = [];
  try {
    // The embedded package's own folder first (some releases ship pg_dump beside postgres).
    const { postgres } = await loadPgBinaries();
    list.push(path.join(path.dirname(postgres), 'pg_dump'));
  } catch {
    // No embedded binaries on this platform: the system's are the only ones.
  }
  const debian = '/usr/lib/postgresql';
  try {
    const versions = (await readdir(debian)).filter((v) => /^\d+$/.test(v));
    for (const v of versions.sort((a, b) => Number(a) - Number(b)))
      list.push(path.join(debian, v, 'bin', 'pg_dump'));
  } catch {
    // Not a Debian-style layout.
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean))
    list.push(path.join(dir, 'pg_dump'));
  return list;
}

export interface PgDumpTool {
  bin: string;
  major: number;
}

/**
 * A pg_dump that can read this server: pg_dump refuses a server newer than itself, so the
 * lowest major at or above the server's is taken (the closest to it), or null when none fits.
 */
export async function findPgDump(serverMajor: number): Promise<PgDumpTool | null> {
  let best: PgDumpTool | null = null;
  for (const bin of await candidates()) {
    const major = await majorOf(bin);
    if (major === null || major < serverMajor) continue;
    if (!best || major < best.major) best = { bin, major };
    if (major === serverMajor) break;
  }
  return best;
}
