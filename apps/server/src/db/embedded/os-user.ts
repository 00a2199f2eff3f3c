import { execFile } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RunAs {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root. When we are root, run it as the `postgres` system user,
 * creating that user once if the machine has none.
 */
export async function postgresRunAs(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async (): Promise<RunAs> => {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/**
 * The `postgres` user must be able to reach the data folder. When we run as root from a private
 * folder (a clone under /root, a 0700 temp dir), grant search-only permission (o+x, never read)
 * on each ancestor that lacks it, and say so.
 */
export async function ensureTraversable(
  dir: string,
  runAs: RunAs,
  log: (msg: string) => void,
): Promise<void> {
  const chain: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    chain.push(d);
    if (path.dirname(d) === d) break;
  }
  for (const d of chain.reverse()) {
    const s = await stat(d);
    const reachable =
      s.mode & 0o001 ||
      (s.uid === runAs.uid && s.mode & 0o100) ||
      (s.gid === runAs.gid && s.mode & 0o010);
    if (reachable) continue;
    await chmod(d, s.mode | 0o001);
    log(`Permissão de acesso (o+x) concedida em ${d} para o usuário postgres do banco embutido.`);
  }
}
