/**
 * Child processes for the benchmarks that measure a server from outside: start, stop within a
 * bound, and a clean-up list that runs once, in reverse, whatever happened (error, signal,
 * deadline).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export const HOST = '127.0.0.1';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  exited: Promise<void>;
  /** The last 16 kB of its stdout and stderr together. */
  output: () => string;
}

export function startChild(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Child {
  const proc = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (proc.pid === undefined) throw new Error(`${name}: spawn failed`);
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-16_000));
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve();
    else proc.once('exit', () => resolve());
  });
  return { name, proc, pid: proc.pid, exited, output: () => tail };
}

export const running = (child: Child) =>
  child.proc.exitCode === null && child.proc.signalCode === null;

export async function stopChild(child: Child, graceMs: number): Promise<void> {
  if (!running(child)) return;
  child.proc.kill('SIGTERM');
  const stopped = await Promise.race([
    child.exited.then(() => true),
    sleep(graceMs).then(() => false),
  ]);
  if (stopped) return;
  console.error(`${child.name} did not stop within ${graceMs} ms after SIGTERM: SIGKILL`);
  child.proc.kill('SIGKILL');
  await Promise.race([child.exited, sleep(5_000)]);
}

const cleanups: { name: string; run: () => Promise<void> }[] = [];
let cleaning: Promise<void> | undefined;

/** Registers a step for cleanUp(); steps run in reverse order of registration. */
export function onCleanUp(name: string, run: () => Promise<void>): void {
  cleanups.push({ name, run });
}

export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      await step.run().catch((err: unknown) => {
        console.error(`clean-up "${step.name}" failed: ${String(err)}`);
      });
    }
  })();
  return cleaning;
}

/** A deadline and SIGINT/SIGTERM both clean up before exiting. */
export function guardRun(deadlineMs: number): void {
  const abort = (why: string, code: number) => {
    console.error(`${why}: stopping everything.`);
    setTimeout(() => process.exit(1), 45_000).unref();
    void cleanUp().finally(() => process.exit(code));
  };
  setTimeout(() => abort(`Deadline of ${deadlineMs / 1000} s reached`, 1), deadlineMs).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => abort(`${signal} received`, 130));
  }
}

/** Distinct free loopback ports, all held open together so none is handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const srv = net.createServer();
          srv.once('error', reject);
          srv.listen(0, HOST, () => resolve(srv));
        }),
    ),
  );
  const ports = servers.map((srv) => {
    const addr = srv.address();
    if (addr === null || typeof addr === 'string') throw new Error('no port');
    return addr.port;
  });
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

export async function waitForHealth(child: Child, baseUrl: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < until) {
    if (!running(child))
      throw new Error(`${child.name} exited during start-up:\n${child.output()}`);
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await sleep(250);
  }
  throw new Error(`${child.name}: GET /health did not answer 200 within ${ms} ms (${last})`);
}

/** Waits for the `{"port":N}` line a support server prints once it listens. */
export async function waitForPortLine(child: Child, ms: number): Promise<number> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const match = /\{"port":(\d+)\}/.exec(child.output());
    if (match?.[1]) return Number(match[1]);
    if (!running(child)) break;
    await sleep(100);
  }
  throw new Error(`${child.name} did not report its port within ${ms} ms:\n${child.output()}`);
}
