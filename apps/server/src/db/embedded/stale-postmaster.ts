import { readdir, readFile, readlink, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function commandLineOf(pid: number): Promise<string | undefined> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/** A zombie has let go of everything (its shared memory too); only its parent's wait is due. */
async function hasExited(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return true;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return /^\d+ \(.*\) Z/s.test(stat);
}

export type StaleOutcome = 'none' | 'stopped' | 'removed-stale-pidfile';

/**
 * A run killed with SIGKILL leaves its postmaster running (it is not our child any more) or a
 * postmaster.pid naming a dead or recycled pid. Stop the orphan cleanly (fast shutdown) so this
 * run owns the server, or clear the pid file that would otherwise block start-up.
 */
export async function clearStalePostmaster(
  dataDir: string,
  log: (msg: string) => void,
): Promise<StaleOutcome> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let content: string;
  try {
    content = await readFile(pidFile, 'utf8');
  } catch {
    return 'none';
  }
  const pid = Number(content.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) {
    await rm(pidFile, { force: true });
    return 'removed-stale-pidfile';
  }
  const cmd = await commandLineOf(pid);
  const isPostgres = isAlive(pid) && (cmd === undefined || cmd.includes('postgres'));
  if (!isPostgres) {
    await rm(pidFile, { force: true });
    log(`Arquivo postmaster.pid antigo removido (pid ${pid} não está em execução).`);
    return 'removed-stale-pidfile';
  }
  log(`PostgreSQL embutido de uma execução anterior ainda ativo (pid ${pid}); encerrando-o.`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    log(`PostgreSQL (pid ${pid}) não encerrou a tempo; forçando.`);
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
    // After SIGKILL the shared memory may linger; postgres recovers it via the pid file check.
  }
  return 'stopped';
}

/**
 * A postmaster killed with SIGKILL leaves its backends running until they notice, and one busy
 * (a COPY to pg_dump) may not for a long while; as long as any holds the old shared memory, a new
 * postmaster refuses to start. Every process of the cluster has its data folder as working
 * directory: those still there are stopped. How many were found.
 */
export async function killOrphanBackends(
  dataDir: string,
  log: (msg: string) => void,
): Promise<number> {
  const dir = await realpath(dataDir).catch(() => dataDir);
  // Without /proc (not Linux) there is nothing to scan: the restart's retries wait them out.
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const orphans: number[] = [];
  for (const name of entries) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
    if (cwd !== dir) continue;
    const cmd = await commandLineOf(pid);
    if (cmd?.startsWith('postgres')) orphans.push(pid);
  }
  if (orphans.length === 0) return 0;
  log(`Encerrando ${orphans.length} processo(s) órfão(s) do PostgreSQL embutido.`);
  for (const pid of orphans) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  // Reaped by whoever adopted them, if anyone does: their exit is what the restart needs.
  const deadline = Date.now() + 5_000;
  for (const pid of orphans)
    while (!(await hasExited(pid)) && Date.now() < deadline) await sleep(20);
  return orphans.length;
}
