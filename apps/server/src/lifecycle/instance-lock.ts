import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isAlive, waitForExit } from '../db/embedded/stale-postmaster.js';

const MARKER = 'vortex-server';

async function isOurServer(pid: number): Promise<boolean> {
  try {
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('apps/server') || cmd.includes(MARKER);
  } catch {
    return isAlive(pid);
  }
}

export interface InstanceLock {
  release: () => Promise<void>;
  /**
   * The pid of the server that ran on this DATA_DIR before and did not stop cleanly (it was
   * killed, or this start stopped it): whatever it held, it holds no more.
   */
  previousPid: number | undefined;
}

/**
 * One server per DATA_DIR. `npm start` killed with SIGKILL leaves its node child running with the
 * ports and the database; the next start stops that orphan (SIGTERM, then SIGKILL) and takes over.
 */
export async function acquireInstanceLock(
  dataDir: string,
  log: (msg: string) => void,
): Promise<InstanceLock> {
  const file = path.join(dataDir, 'server.pid');
  const previous = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  const stale = Number.isInteger(previous) && previous > 0 && previous !== process.pid;
  if (stale && isAlive(previous)) {
    if (await isOurServer(previous)) {
      log(`Servidor Vórtex anterior ainda ativo (pid ${previous}); encerrando-o.`);
      process.kill(previous, 'SIGTERM');
      if (!(await waitForExit(previous, 20_000))) {
        process.kill(previous, 'SIGKILL');
        await waitForExit(previous, 5_000);
      }
    }
  }
  await writeFile(file, String(process.pid));
  return {
    // A pid still alive here is some other program's now, not a server of ours.
    previousPid: stale && !isAlive(previous) ? previous : undefined,
    release: async () => {
      const current = (await readFile(file, 'utf8').catch(() => '')).trim();
      if (current === String(process.pid)) await rm(file, { force: true });
    },
  };
}
