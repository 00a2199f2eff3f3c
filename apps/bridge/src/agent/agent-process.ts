import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const AGENT_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface AgentExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AgentProcess {
  /** Every line the agent wrote so far, stdout and stderr apart. */
  stdout: () => string[];
  stderr: () => string[];
  /**
   * Resolves with the `nth` stdout line matching (the first by default), or rejects once the
   * agent exits or time is up.
   */
  waitForLine: (pattern: RegExp, timeoutMs?: number, nth?: number) => Promise<string>;
  /** How many stdout lines match. */
  count: (pattern: RegExp) => number;
  alive: () => boolean;
  exited: Promise<AgentExit>;
  signal: (signal: NodeJS.Signals) => void;
}

/**
 * The built agent (`node apps/bridge/dist/main.js`) as a child process on the simulator, the way a
 * trader runs it, so that a test sees its real exits and its log. Build first.
 */
export function spawnAgent(args: string[]): AgentProcess {
  if (!existsSync(AGENT_MAIN)) throw new Error(`${AGENT_MAIN} is missing: run npm run build`);
  const proc = spawn(process.execPath, [AGENT_MAIN, '--adapter', 'sim', ...args], {
    // A small history keeps the start quick; the live clock runs at its normal pace.
    env: { PATH: process.env.PATH, SIM_HISTORY_DAYS: '1', SIM_SPEED: '1', SIM_SEED: 'lifecycle' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  const err: string[] = [];
  let waiters: (() => void)[] = [];
  const collect = (into: string[]) => {
    let partial = '';
    return (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      into.push(...lines);
      for (const wake of waiters) wake();
    };
  };
  proc.stdout.on('data', collect(out));
  proc.stderr.on('data', collect(err));
  let running = true;
  const exited = new Promise<AgentExit>((resolve) =>
    proc.once('exit', (code, signal) => {
      running = false;
      for (const wake of waiters) wake();
      resolve({ code, signal });
    }),
  );

  const waitForLine = async (pattern: RegExp, timeoutMs = 30_000, nth = 1): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = out.filter((l) => pattern.test(l))[nth - 1];
      if (line !== undefined) return line;
      const context = `\nstdout:\n${out.join('\n')}\nstderr:\n${err.join('\n')}`;
      if (!running)
        throw new Error(`the agent exited before logging ${pattern} (#${nth})${context}`);
      if (Date.now() > deadline)
        throw new Error(`the agent did not log ${pattern} (#${nth})${context}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      waiters = [];
    }
  };

  return {
    stdout: () => [...out],
    stderr: () => [...err],
    waitForLine,
    count: (pattern) => out.filter((l) => pattern.test(l)).length,
    alive: () => running,
    exited,
    signal: (s) => proc.kill(s),
  };
}
