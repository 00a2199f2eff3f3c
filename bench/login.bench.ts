/**
 * Login throughput and the memory held during a flood of logins, against the built server
 * (`apps/server/dist/main.js`, embedded PostgreSQL in a fresh temporary DATA_DIR), with two
 * references measured in the same run on the same machine: a bare Fastify JSON route
 * (`support/bare-fastify.ts`) under the same autocannon load, and the raw cost of one argon2id
 * verification with the server's parameters. Writes the section "## Login throughput and memory"
 * of bench/RESULTS.md. Needs `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePorts, sleep } from './support/processes.js';
import { rssMiB } from './support/proc-stats.js';
import { fixed, int, markdownTable, runBench, wrap, writeSection } from './support/report.js';
import { z } from 'zod';
import { oneRow } from '../apps/server/src/db/rows.js';

const COMMAND = 'npm run build && npm run bench:login -w @vortex/bench';
const SECTION = '## Login throughput and memory';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const BARE = fileURLToPath(new URL('./support/bare-fastify.ts', import.meta.url));
const HOST = '127.0.0.1';

const PHASES = [
  { connections: 10, seconds: 15 },
  { connections: 50, seconds: 15 },
] as const;
const SAMPLE_MS = 250;
const SETTLE_MS = 2_000;
// Cores of other work on the machine during a run above which its figures are flagged.
const PERTURBED_CORES = 0.25;
const ADMIN = {
  email: 'bench-admin@vortex.local',
  username: 'bench_admin',
  password: 'Bench@12345',
};
// The server's parameters (apps/server/src/modules/auth/password.ts): argon2id, 19 MiB, t=2, p=1.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const ARGON2_RUNS = [
  { inFlight: 1, verifies: 200 },
  { inFlight: 4, verifies: 400 },
] as const;
// Everything below is bounded; this is the backstop if something hangs anyway.
const DEADLINE_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------
// Child processes and clean-up

interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  exited: Promise<void>;
  output: () => string;
}

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Child {
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

const running = (child: Child) => child.proc.exitCode === null && child.proc.signalCode === null;

async function stopChild(child: Child, graceMs: number): Promise<void> {
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await sleep(100);
  }
  return true;
}

/** Undone in reverse order, each step bounded, whatever happened before. */
const cleanups: { name: string; run: () => Promise<void> }[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      await step.run().catch((err: unknown) => {
        console.error(`clean-up "${step.name}" failed: ${String(err)}`);
      });
    }
  })();
  return cleaning;
}

const deadline = setTimeout(() => {
  console.error(`Deadline of ${DEADLINE_MS / 1000} s reached: stopping everything.`);
  setTimeout(() => process.exit(1), 45_000).unref();
  void cleanUp().finally(() => process.exit(1));
}, DEADLINE_MS);
deadline.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal} received: stopping everything.`);
    setTimeout(() => process.exit(1), 45_000).unref();
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Measurements

/** utime + stime of one process, in clock ticks, from /proc/<pid>/stat (0 once it is gone). */
function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which sits in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** A process and its children (PostgreSQL's backends are children of the postmaster). */
function withChildren(pid: number): number[] {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {
      // Gone between readdir and read.
    }
  }
  return pids;
}

/** Whole-machine CPU ticks from /proc/stat, all cores together. */
function machineTicks(): { total: number; idle: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as [number, number, number, number, number, number, number, number];
  return {
    total: user + nice + system + idle + iowait + irq + softirq + steal,
    idle: idle + iowait,
  };
}

interface CpuGroups {
  target: number[];
  postgres: number[];
}

function cpuSnapshot(groups: CpuGroups) {
  return {
    machine: machineTicks(),
    target: groups.target.map(processTicks),
    postgres: groups.postgres.map(processTicks),
    self: processTicks(process.pid),
  };
}

/** Cores used during the run by each group, the rest of the machine, and left idle. */
interface CpuShare {
  target: number;
  postgres: number;
  loadGenerator: number;
  others: number;
  idle: number;
}

function cpuShare(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
): CpuShare {
  const cores = availableParallelism();
  const elapsed = after.machine.total - before.machine.total;
  const toCores = (ticks: number) => (elapsed > 0 ? (ticks / elapsed) * cores : Number.NaN);
  const delta = (a: number[], b: number[]) =>
    b.reduce((sum, ticks, i) => sum + Math.max(0, ticks - (a[i] ?? 0)), 0);
  const target = toCores(delta(before.target, after.target));
  const postgres = toCores(delta(before.postgres, after.postgres));
  const loadGenerator = toCores(after.self - before.self);
  const idle = toCores(after.machine.idle - before.machine.idle);
  return {
    target,
    postgres,
    loadGenerator,
    idle,
    others: Math.max(0, cores - idle - target - postgres - loadGenerator),
  };
}

interface Run {
  target: string;
  connections: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  cpu: CpuShare;
}

const LOGIN_BODY = JSON.stringify({ email: ADMIN.email, password: ADMIN.password });

/** One autocannon run on POST /auth/login, with the target's RSS sampled every 250 ms. */
async function flood(
  target: string,
  baseUrl: string,
  pid: number,
  postmasterPid: number | undefined,
  connections: number,
  seconds: number,
): Promise<Run> {
  console.log(`  ${target}: ${connections} connections for ${seconds} s...`);
  const groups: CpuGroups = {
    target: [pid],
    postgres: postmasterPid === undefined ? [] : withChildren(postmasterPid),
  };
  const cpuBefore = cpuSnapshot(groups);
  const rssBefore = rssMiB(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    const rss = rssMiB(pid);
    if (rss > rssPeak) rssPeak = rss;
  }, SAMPLE_MS);
  let result: autocannon.Result;
  try {
    result = await autocannon({
      url: `${baseUrl}/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: LOGIN_BODY,
      connections,
      duration: seconds,
      timeout: 10,
    });
  } finally {
    clearInterval(sampler);
  }
  const last = rssMiB(pid);
  if (last > rssPeak) rssPeak = last;
  // Backends opened during the run count from zero.
  if (postmasterPid !== undefined) {
    for (const child of withChildren(postmasterPid)) {
      if (!groups.postgres.includes(child)) groups.postgres.push(child);
    }
  }
  const cpu = cpuShare(cpuBefore, cpuSnapshot(groups));
  await sleep(SETTLE_MS);
  const run: Run = {
    target,
    connections,
    seconds,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    rssBefore,
    rssPeak,
    rssAfter: rssMiB(pid),
    cpu,
  };
  console.log(
    `    ${run.rps.toFixed(1)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, 2xx ${run.ok}, ` +
      `non-2xx ${run.non2xx}, errors ${run.errors}, RSS ${mib(run.rssBefore)} → ` +
      `${mib(run.rssPeak)} → ${mib(run.rssAfter)} MiB; cores: target ${fixed(cpu.target, 2)}, ` +
      `PostgreSQL ${fixed(cpu.postgres, 2)}, autocannon ${fixed(cpu.loadGenerator, 2)}, ` +
      `others ${fixed(cpu.others, 2)}, idle ${fixed(cpu.idle, 2)}`,
  );
  return run;
}

/** CPU spent per request by the target and its PostgreSQL (not the load generator). */
const cpuMsPerRequest = (run: Run) => ((run.cpu.target + run.cpu.postgres) * 1000) / run.rps;

interface Argon2Rate {
  inFlight: number;
  verifies: number;
  perSecond: number;
  /** CPU time of this process (all threads) per verification: other load does not inflate it. */
  cpuMs: number;
}

/** `verifies` argon2id verifications with `inFlight` of them awaited at a time. */
async function argon2Rate(hashed: string, inFlight: number, verifies: number): Promise<Argon2Rate> {
  let next = 0;
  const worker = async () => {
    while (next < verifies) {
      next++;
      if (!(await verify(hashed, ADMIN.password))) throw new Error('argon2 verify returned false');
    }
  };
  await Promise.all(Array.from({ length: inFlight }, () => verify(hashed, ADMIN.password)));
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return {
    inFlight,
    verifies,
    perSecond: verifies / seconds,
    cpuMs: (cpu.user + cpu.system) / 1000 / verifies,
  };
}

async function waitForHealth(child: Child, baseUrl: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < until) {
    if (!running(child)) throw new Error(`${child.name} exited during start-up`);
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await sleep(SAMPLE_MS);
  }
  throw new Error(`${child.name}: GET /health did not answer 200 within ${ms} ms (${last})`);
}

async function waitForPortLine(child: Child, ms: number): Promise<number> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const match = /\{"port":(\d+)\}/.exec(child.output());
    if (match?.[1]) return Number(match[1]);
    if (!running(child)) break;
    await sleep(100);
  }
  throw new Error(`${child.name} did not report its port within ${ms} ms`);
}

async function postLogin(
  baseUrl: string,
  body = LOGIN_BODY,
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.text() };
}

/** Rows in `sessions`, read through the embedded server's own credentials and port. */
async function countSessions(dataDir: string): Promise<number> {
  const cred = JSON.parse(
    await readFile(path.join(dataDir, 'postgres', 'pg-credentials.json'), 'utf8'),
  ) as { user: string; password: string };
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'pg', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  const client = new pg.Client({
    host: HOST,
    port,
    user: cred.user,
    password: cred.password,
    database: 'vortex',
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
  });
  await client.connect();
  try {
    const { n } = await oneRow(
      client,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM sessions',
    );
    return n;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Formatting

const mib = (value: number) => value.toFixed(1);

// ---------------------------------------------------------------------------------------------
// The run

async function measureArgon2(hashed: string, when: string): Promise<Argon2Rate[]> {
  console.log(`argon2id verify, m=19456, t=2, p=1, in this process (${when}):`);
  const rates: Argon2Rate[] = [];
  for (const { inFlight, verifies } of ARGON2_RUNS) {
    const rate = await argon2Rate(hashed, inFlight, verifies);
    console.log(
      `  ${inFlight} in flight: ${fixed(rate.perSecond)} verifies/s, ` +
        `${fixed(rate.cpuMs, 2)} ms of CPU each`,
    );
    rates.push(rate);
  }
  return rates;
}

async function main(): Promise<void> {
  for (const needed of [SERVER_MAIN, path.join(WEB_DIST, 'index.html')]) {
    if (!existsSync(needed)) {
      throw new Error(`${path.relative(ROOT, needed)} is missing: run \`npm run build\` first`);
    }
  }
  const date = new Date().toISOString();
  const loadStart = loadavg()[0] ?? Number.NaN;
  const hashed = await hash(ADMIN.password, ARGON2);
  const argonStart = await measureArgon2(hashed, 'before the floods');

  console.log('Reference: bare Fastify 5 route (bench/support/bare-fastify.ts)');
  const bare = startChild('bare Fastify', ['--import', 'tsx', BARE], process.env, ROOT);
  cleanups.push({ name: 'stop bare Fastify', run: () => stopChild(bare, 10_000) });
  const barePort = await waitForPortLine(bare, 30_000);
  const bareUrl = `http://${HOST}:${barePort}`;
  const check = await postLogin(bareUrl);
  if (check.status !== 200) throw new Error(`bare Fastify answered ${check.status}: ${check.body}`);
  const bareRuns: Run[] = [];
  for (const { connections, seconds } of PHASES) {
    bareRuns.push(await flood('Bare Fastify', bareUrl, bare.pid, undefined, connections, seconds));
  }
  await stopChild(bare, 10_000);

  console.log('Vórtex server (apps/server/dist/main.js, embedded PostgreSQL)');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-bench-login-'));
  cleanups.push({
    name: 'remove the temporary DATA_DIR',
    run: () => rm(dataDir, { recursive: true, force: true, maxRetries: 3 }),
  });
  const [apiPort, webPort] = await freePorts(2);
  if (apiPort === undefined || webPort === undefined) throw new Error('no free ports');
  // The defaults: embedded PostgreSQL, no Redis, no SMTP, the web origin derived from WEB_PORT.
  const unset = new Set([
    'DATABASE_URL',
    'REDIS_URL',
    'EMBEDDED_PG_PORT',
    'SMTP_URL',
    'WEB_ORIGINS',
    'PUBLIC_API_URL',
    'APP_URL',
    'DEMO',
  ]);
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !unset.has(name)),
  );
  Object.assign(env, {
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const server = startChild('Vórtex server', [SERVER_MAIN], env, ROOT);
  // Read once the server is up; the clean-up checks that PostgreSQL stopped with the server.
  const postmaster: { pid?: number } = {};
  cleanups.push({
    name: 'stop the Vórtex server and its PostgreSQL',
    run: async () => {
      await stopChild(server, 30_000);
      const pid = postmaster.pid;
      if (pid !== undefined && !(await waitGone(pid, 10_000))) {
        console.error(`PostgreSQL (pid ${pid}) outlived the server: SIGINT`);
        process.kill(pid, 'SIGINT');
        if (!(await waitGone(pid, 15_000))) process.kill(pid, 'SIGKILL');
      }
    },
  });
  const apiUrl = `http://${HOST}:${apiPort}`;
  await waitForHealth(server, apiUrl, 120_000);
  const postmasterPid = Number(
    (await readFile(path.join(dataDir, 'postgres', 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  postmaster.pid = postmasterPid;

  // The idle server, before its first login.
  await sleep(1_000);
  const rssIdle = rssMiB(server.pid);
  // One login by username (the flood logs in by email), to fail fast on a broken login.
  const preflight = await postLogin(
    apiUrl,
    JSON.stringify({ email: ADMIN.username, password: ADMIN.password }),
  );
  const token = (JSON.parse(preflight.body) as { token?: unknown }).token;
  if (preflight.status !== 200 || typeof token !== 'string') {
    throw new Error(`login pre-flight answered ${preflight.status}: ${preflight.body}`);
  }
  const sessionsBefore = await countSessions(dataDir);
  const loginRuns: Run[] = [];
  for (const { connections, seconds } of PHASES) {
    loginRuns.push(
      await flood('Login (Vórtex)', apiUrl, server.pid, postmasterPid, connections, seconds),
    );
  }
  const sessionsAfter = await countSessions(dataDir);
  const sessionsCreated = sessionsAfter - sessionsBefore;
  const loginOk = loginRuns.reduce((sum, run) => sum + run.ok, 0);
  const loginNon2xx = loginRuns.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
  if (loginNon2xx > 0) {
    const probe = await postLogin(apiUrl).catch((err: unknown) => ({
      status: 0,
      body: String(err),
    }));
    console.error(
      `Login flood had ${loginNon2xx} non-2xx answers or errors. A login now answers ` +
        `${probe.status}: ${probe.body.slice(0, 300)}\nServer output:\n${server.output()}`,
    );
  }
  const rssAfterAll = rssMiB(server.pid);
  await cleanUp();
  const argonEnd = await measureArgon2(hashed, 'after the floods');
  const loadEnd = loadavg()[0] ?? Number.NaN;

  // -------------------------------------------------------------------------------------------
  // Report

  const cores = availableParallelism();
  const runs = [...loginRuns, ...bareRuns];
  const label = (run: Run) => `${run.target}, ${run.connections} connections, ${run.seconds} s`;
  const table = markdownTable(
    [
      'Run (POST /auth/login)',
      'Req/s',
      'p50 ms',
      'p99 ms',
      '2xx',
      'Non-2xx',
      'Errors',
      'RSS before MiB',
      'RSS peak MiB',
      'RSS after MiB',
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    runs.map((run) => [
      label(run),
      fixed(run.rps),
      String(run.p50),
      String(run.p99),
      int(run.ok),
      String(run.non2xx),
      String(run.errors),
      mib(run.rssBefore),
      mib(run.rssPeak),
      mib(run.rssAfter),
    ]),
  );
  const cpuTable = markdownTable(
    [
      `CPU during the run, in cores of ${cores}`,
      'Target process',
      'Its PostgreSQL',
      'autocannon',
      'Other processes',
      'Idle',
      'CPU ms per request',
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
    runs.map((run) => [
      label(run),
      fixed(run.cpu.target, 2),
      run.target.startsWith('Login') ? fixed(run.cpu.postgres, 2) : '-',
      fixed(run.cpu.loadGenerator, 2),
      fixed(run.cpu.others, 2),
      fixed(run.cpu.idle, 2),
      fixed(cpuMsPerRequest(run), 3),
    ]),
  );
  const best = (i: number) => Math.max(argonStart[i]?.perSecond ?? 0, argonEnd[i]?.perSecond ?? 0);
  const cpuMs = (i: number) =>
    Math.min(argonStart[i]?.cpuMs ?? Number.NaN, argonEnd[i]?.cpuMs ?? Number.NaN);
  const argonTable = markdownTable(
    [
      `argon2id verify (m=19456, t=2, p=1), ${cores} cores`,
      'Verifies/s before',
      'Verifies/s after',
      'CPU ms per verify',
    ],
    ['l', 'r', 'r', 'r'],
    ARGON2_RUNS.map(({ inFlight, verifies }, i) => [
      `${inFlight} in flight (${verifies} verifies, ${inFlight > 1 ? 'Promise.all' : 'sequential'})`,
      fixed(argonStart[i]?.perSecond ?? Number.NaN),
      fixed(argonEnd[i]?.perSecond ?? Number.NaN),
      fixed(cpuMs(i), 2),
    ]),
  );
  const argonFour = best(1);

  const ratios = PHASES.map(({ connections }, i) => {
    const login = loginRuns[i];
    const ref = bareRuns[i];
    if (!login || !ref) throw new Error('missing run');
    return (
      `at ${connections} connections ${fixed(login.rps)} / ${fixed(ref.rps)} = ` +
      `${fixed((100 * login.rps) / ref.rps, 2)} % (the bare route is ` +
      `${fixed(ref.rps / login.rps, 0)}× faster)`
    );
  });
  const top = loginRuns.reduce((a, b) => (b.rps > a.rps ? b : a));
  const peak = Math.max(...loginRuns.map((run) => run.rssPeak));
  const perturbed = runs.filter((run) => run.cpu.others > PERTURBED_CORES).map(label);
  const poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const threadpool = `${poolSize}${process.env.UV_THREADPOOL_SIZE ? '' : ' (default)'}`;
  const maxConnections = PHASES.reduce((sum, p) => sum + p.connections, 0);
  const summary = [
    `- Login / bare Fastify: ${ratios.join('; ')}.`,
    `- Non-2xx answers and errors during the login flood: **${loginNon2xx}**` +
      `${loginNon2xx === 0 ? '' : ' (must be 0: see the console output)'}.`,
    `- Sessions created by the flood: ${int(sessionsCreated)} rows in \`sessions\` for ` +
      `${int(loginOk)} 2xx counted by autocannon; the difference (at most ${maxConnections}, the ` +
      `connections) is logins in flight when autocannon stopped, which the server completed. ` +
      `The pre-flight login is not counted.`,
    `- Server RSS (the node process; PostgreSQL's processes are not counted): idle ` +
      `${mib(rssIdle)} MiB before the first login, peak ${mib(peak)} MiB during the flood ` +
      `(+${mib(peak - rssIdle)} MiB), ${mib(rssAfterAll)} MiB after both runs and their ` +
      `${SETTLE_MS / 1000} s pauses.`,
    `- Shared machine: 1-minute load average ${fixed(loadStart, 2)} at the start and ` +
      `${fixed(loadEnd, 2)} at the end. ` +
      (perturbed.length === 0
        ? `No run saw more than ${PERTURBED_CORES} cores of other work.`
        : `Runs with more than ${PERTURBED_CORES} cores of other work (figures perturbed): ` +
          `${perturbed.join('; ')}.`),
  ]
    .map((item) => wrap(item, '  '))
    .join('\n');

  // The per-login CPU holds up on a shared machine where the rates do not: it is taken from the
  // login run that other work disturbed least.
  const clean = loginRuns.reduce((a, b) => (b.cpu.others < a.cpu.others ? b : a));
  const loginMs = cpuMsPerRequest(clean);
  const argonMs = cpuMs(0);
  const share = argonMs / loginMs;
  const verdict =
    `Reading: login is ${share >= 0.5 ? '' : 'not '}bounded by argon2: a login costs ` +
    `${fixed(loginMs, 1)} ms of server + PostgreSQL CPU, ${fixed(argonMs, 1)} ms ` +
    `(${fixed(100 * share, 0)} %) of it one argon2id verify, so ${cores} cores cap logins near ` +
    `${fixed((cores * 1000) / loginMs, 0)}/s, against argon2id's own ${fixed(argonFour)} ` +
    `verifies/s (4 in flight); the best run reached ${fixed(top.rps)} req/s` +
    (clean.cpu.others > PERTURBED_CORES ? ' on a busy machine.' : '.');
  const memory =
    `A flood holds ~${fixed(peak - rssIdle, 0)} MiB above the idle server (argon2: 19 MiB per ` +
    `verify in flight, ${poolSize} threads), ${fixed(rssAfterAll - rssIdle, 0)} MiB of it still ` +
    `held ${SETTLE_MS / 1000} s later.`;

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const phases = `${PHASES.map((p) => `${p.connections}`).join(' then ')} connections`;
  const section = [
    SECTION,
    '',
    wrap(
      `Command (from the repository root): \`${COMMAND}\` (runs \`tsx login.bench.ts\` in ` +
        `\`bench/\`; \`npm run bench -w @vortex/bench\` runs the statistics benchmark, then ` +
        `this one, without building).`,
    ),
    '',
    wrap(`- Date: ${date}`, '  '),
    wrap(
      `- Machine: ${cores} cores (nproc), ${cpu}, Node ${process.version}; libuv threadpool of ` +
        `${threadpool}.`,
      '  ',
    ),
    wrap(
      `- Method: the built server (\`node apps/server/dist/main.js\`: embedded PostgreSQL in a ` +
        `fresh temporary DATA_DIR, \`LOG_LEVEL=warn\`, admin \`${ADMIN.email}\` created at ` +
        `start) and the reference, a bare Fastify 5 route (\`bench/support/bare-fastify.ts\`: ` +
        `parses the JSON body, answers a fixed JSON of the same shape), each in its own child ` +
        `process on ${HOST}, loaded in the same run by autocannon (in the benchmark process, on ` +
        `the same cores) with the same settings: POST /auth/login with the admin's correct ` +
        `email and password, ${phases} for ${PHASES[0].seconds} s each, no pipelining. Correct ` +
        `credentials only: failures count towards the 5-in-15-minutes lockout, successes do not.`,
      '  ',
    ),
    wrap(
      `- RSS: VmRSS of the target's node process from \`/proc/<pid>/status\`, sampled every ` +
        `${SAMPLE_MS} ms; "before" just before each run (for the first login run: after one ` +
        `pre-flight login, by username \`${ADMIN.username}\`), "after" ${SETTLE_MS / 1000} s after the run ended. CPU: ticks from ` +
        `\`/proc/stat\` and \`/proc/<pid>/stat\` over each run (PostgreSQL: the postmaster and ` +
        `its backends; "other processes": the rest of the machine's busy time).`,
      '  ',
    ),
    wrap(
      `- argon2 (\`@node-rs/argon2\`, the server's parameters): one hash, then verifies one at a ` +
        `time and 4 in flight in the benchmark process, before and after the floods; the ` +
        `reading uses the better of the two (the higher rate; the lower CPU time per verify, ` +
        `from \`process.cpuUsage()\`, all threads).`,
      '  ',
    ),
    '',
    table,
    '',
    cpuTable,
    '',
    argonTable,
    '',
    summary,
    '',
    wrap(`${verdict} ${memory}`),
    '',
  ].join('\n');

  console.log(`\n${section}`);
  await writeSection(SECTION, section);
  console.log('Wrote bench/RESULTS.md');
  if (loginNon2xx > 0 || sessionsCreated < loginOk) process.exitCode = 1;
}

await runBench(main, cleanUp);
