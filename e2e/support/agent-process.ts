import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { systemClockEnv, systemClockOffset } from './clock.js';
import { repoRoot, waitForExit } from './system.js';

export interface AgentProcess {
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** The built `vortex-bridge` on the simulator, paired with a token from the web app. */
export async function startAgent(apiUrl: string, token: string): Promise<AgentProcess> {
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'vortex-e2e-agent-'));
  let out = '';
  const proc = spawn(
    process.execPath,
    ['apps/bridge/dist/main.js', '--server', apiUrl, '--token', token, '--state-dir', stateDir],
    {
      cwd: repoRoot,
      // A short history keeps the first backfill quick.
      env: {
        ...process.env,
        ...systemClockEnv(systemClockOffset()),
        SIM_HISTORY_DAYS: '2',
        SIM_SEED: `e2e-${token.slice(0, 6)}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return {
    proc,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        await waitForExit(proc).catch(() => proc.kill('SIGKILL'));
      }
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
