import { readFile, rm } from 'node:fs/promises';
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
