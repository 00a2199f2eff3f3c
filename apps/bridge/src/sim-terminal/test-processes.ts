import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Mt5Deal } from '@vortex/core';

const DIST = new URL('../../dist/', import.meta.url);
export const AGENT_MAIN = fileURLToPath(new URL('main.js', DIST));
export const TERMINAL_MAIN = fileURLToPath(new URL('sim-terminal-main.js', DIST));

export interface Proc {
  child: ChildProcess;
  /** The exit code and signal, once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logTail: () => string;
}

/** A built entry point as a child process, its output appended to `logFile`. */
export function startNode(script: string, args: string[], logFile: string): Proc {
  if (!existsSync(script)) throw new Error(`${script} is missing: npm run build -w @vortex/bridge`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, logTail: () => readFileSync(logFile, 'utf8').slice(-1_500) };
}

/** The terminal's ground truth; empty until its first write. */
export function readDeals(file: string): Mt5Deal[] {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Mt5Deal[]) : [];
}

/** Polls `check` until it holds; past the deadline, fails with `what` and the processes' logs. */
export async function until(
  what: string,
  check: () => boolean,
  procs: Proc[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      const logs = procs.map((p) => p.logTail()).join('\n---\n');
      throw new Error(`not in ${timeoutMs / 1000} s: ${what}\n${logs}`);
    }
    await sleep(100);
  }
}
