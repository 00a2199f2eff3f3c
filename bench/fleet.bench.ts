/**
 * The fleet: two built servers sharing one PostgreSQL and one Redis (both the bench's own), a
 * fleet of real bridge agents on simulated terminals trading at a raised SIM_SPEED, bots started
 * through the routes, a live channel per trader; for FLEET_SECONDS (default 300). Reports per
 * trader the CPU, memory and rows it costs, event delivery, and whether any deal was lost.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BOT_CONFIG, SessionCalendar } from '@vortex/core';
import { openSession } from './../apps/server/src/modules/auth/session.service.js';
import { benchPool } from './support/bench-database.js';
import type { FleetAgentSpec, FromWorker, ToWorker } from './support/fleet-agents.js';
import { DeliveryLog, openChannels, type ChannelSpec } from './support/fleet-channels.js';
import {
  postgresCpuMs,
  postgresPssMiB,
  startFleetPostgres,
  startFleetRedis,
  tableWrites,
} from './support/fleet-infra.js';
import { fleetSection, type FleetFigures } from './support/fleet-report.js';
import { CpuMeter, MachineMeter, RssSampler, rssMiB } from './support/proc-stats.js';
import { cleanUp, guardRun, onCleanUp, sleep } from './support/processes.js';
import { runBench, writeSection } from './support/report.js';
import { createTraders } from './support/traders.js';
import { startVortexServer } from './support/vortex-server.js';
import { z } from 'zod';
import { rowsOf } from '../apps/server/src/db/rows.js';

// FLEET_SECONDS, FLEET_TRADERS, FLEET_BOTS, FLEET_SIM_SPEED (1 = a real trader's pace),
// FLEET_WORKERS (agent processes), FLEET_WARM_UP_SECONDS; BENCH_SECTION_FILE=<file> writes the section
// there instead of into RESULTS.md.
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const config = {
  seconds: num('FLEET_SECONDS', 300),
  traders: num('FLEET_TRADERS', 2_000),
  bots: num('FLEET_BOTS', 200),
  speed: num('FLEET_SIM_SPEED', 60),
  workers: num('FLEET_WORKERS', 2),
  warmUpSeconds: num('FLEET_WARM_UP_SECONDS', 20),
};
const ACCOUNT_BASE = 7_000_000;
const WORKER = fileURLToPath(new URL('./support/fleet-agents.ts', import.meta.url));

interface Worker {
  proc: ChildProcess;
  ready: number;
  commands: number;
  drained?: Extract<FromWorker, { type: 'drained' }>;
}

function startWorker(): Worker {
  const proc = fork(WORKER, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const w: Worker = { proc, ready: 0, commands: 0 };
  proc.on('message', (m: FromWorker) => {
    if (m.type === 'progress') {
      w.ready = m.ready;
      w.commands = m.commands;
      for (const p of m.problems) console.error(`agent: ${p}`);
    } else if (m.type === 'drained') w.drained = m;
  });
  const exited = new Promise<boolean>((resolve) => proc.once('exit', () => resolve(true)));
  onCleanUp('stop an agent worker', async () => {
    if (proc.exitCode !== null || !proc.connected) return;
    proc.send({ type: 'stop' } satisfies ToWorker);
    if (!(await Promise.race([exited, sleep(15_000).then(() => false)]))) proc.kill('SIGKILL');
  });
  return w;
}

async function until(what: string, ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not done within ${ms / 1000} s`);
    await sleep(500);
  }
}

/** Runs `fn` over items, `parallel` at a time. */
async function each<T>(items: T[], parallel: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const run = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: parallel }, run));
}

async function call(apiUrl: string, token: string, route: string, body?: unknown) {
  const res = await fetch(`${apiUrl}${route}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

async function main(): Promise<void> {
  guardRun((config.seconds + 900) * 1000);
  const date = new Date().toISOString();
  const { db, postmasterPid } = await startFleetPostgres();
  const redis = await startFleetRedis();
  const env = { REDIS_URL: redis.url, REDIS_PREFIX: 'vortex-fleet:' };
  // One after the other: the first applies the migrations.
  const a = await startVortexServer(db.url, [], env);
  const b = await startVortexServer(db.url, [], env);
  const servers = [a, b];
  const pool = benchPool(db);
  const traders = await createTraders(pool, config.traders, 'fl');
  const tokens: string[] = [];
  for (const t of traders)
    tokens.push((await openSession(pool, t.userId, { ip: null, userAgent: null })).token);
  const idle = {
    serversMiB: servers.map((s) => rssMiB(s.child.pid)),
    postgresMiB: await postgresPssMiB(postmasterPid()),
  };

  // Agents alternate between the instances; bots are the first `bots` traders.
  const specs: FleetAgentSpec[] = traders.map((t, i) => ({
    apiUrl: servers[i % 2]?.apiUrl ?? a.apiUrl,
    pairingToken: t.pairingToken,
    accountNumber: ACCOUNT_BASE + i,
    bot: i < config.bots,
  }));
  // A session that has not opened yet: the bot acts only on bars newer than its start.
  const calendar = new SessionCalendar();
  const simStart = calendar.nextSession(Date.now() + 12 * 3_600_000).open + 30 * 60_000;
  const stateRoot = await mkdtemp(path.join(tmpdir(), 'vortex-fleet-agents-'));
  onCleanUp('remove the agents state', () => rm(stateRoot, { recursive: true, force: true }));
  const workers = Array.from({ length: config.workers }, startWorker);
  workers.forEach((w, k) =>
    w.proc.send({
      type: 'start',
      agents: specs.filter((_, i) => i % config.workers === k),
      speed: config.speed,
      simStart,
      stateDir: path.join(stateRoot, String(k)),
      spreadMs: 20_000,
    } satisfies ToWorker),
  );
  const connectStart = Date.now();
  const ready = () => workers.reduce((s, w) => s + w.ready, 0);
  await until('agents connected', 240_000, () => ready() >= config.traders);
  const connectSeconds = (Date.now() - connectStart) / 1000;
  console.log(`${ready()} agents connected`);

  let botsStarted = 0;
  await each(specs.slice(0, config.bots), 8, async (spec) => {
    const i = spec.accountNumber - ACCOUNT_BASE;
    const token = tokens[i] ?? '';
    const saved = await call(spec.apiUrl, token, '/bot/config', DEFAULT_BOT_CONFIG);
    if (saved.status !== 200) throw new Error(`bot config: ${saved.status} ${saved.text}`);
    const started = await call(spec.apiUrl, token, '/api/bot/start');
    if (started.status !== 200) throw new Error(`bot start: ${started.status} ${started.text}`);
    botsStarted++;
  });
  console.log(`${botsStarted} bots started`);

  // One channel per trader: instance and kind vary independently of the agent's instance.
  const log = new DeliveryLog();
  const channelSpecs: ChannelSpec[] = tokens.map((token, i) => {
    const on = Math.floor(i / 2) % 2;
    return {
      apiUrl: servers[on]?.apiUrl ?? a.apiUrl,
      token,
      kind: Math.floor(i / 4) % 2 === 0 ? 'sse' : 'ws',
      viaRedis: on !== i % 2,
    };
  });
  const openStart = Date.now();
  const closeChannels = await openChannels(channelSpecs, log);
  const openSeconds = (Date.now() - openStart) / 1000;
  console.log(`${channelSpecs.length} channels open; warming up ${config.warmUpSeconds} s`);
  await sleep(config.warmUpSeconds * 1000);

  const pgPid = postmasterPid();
  const before = {
    pgCpu: await postgresCpuMs(pgPid),
    tables: await tableWrites(pool),
    commands: workers.reduce((s, w) => s + w.commands, 0),
  };
  const serverCpu = servers.map((s) => new CpuMeter([s.child.pid]));
  const redisCpu = new CpuMeter([redis.pid]);
  const workerCpu = new CpuMeter(workers.map((w) => w.proc.pid ?? 0));
  const rss = servers.map((s) => new RssSampler(s.child.pid));
  const machine = new MachineMeter();
  const t0 = Date.now();
  log.recording = true;
  for (let left = config.seconds; left > 0; left -= 30) {
    await sleep(Math.min(30, left) * 1000);
    console.log(`${Math.round((Date.now() - t0) / 1000)} s: ${log.received} events received`);
  }
  log.recording = false;
  const seconds = (Date.now() - t0) / 1000;
  const after = {
    pgCpu: await postgresCpuMs(pgPid),
    tables: await tableWrites(pool),
    commands: workers.reduce((s, w) => s + w.commands, 0),
    pgMiB: await postgresPssMiB(pgPid),
    machine: machine.elapsed(),
    serversMiB: servers.map((s) => rssMiB(s.child.pid)),
  };
  const serverMs = serverCpu.map((m) => m.elapsedMs());
  const rssPeaks = rss.map((r) => r.stop());
  const channelsClosed = log.closedEarly;

  // The end: bots stopped, clocks frozen, every outbox drained, then every deal looked up.
  await each(specs.slice(0, config.bots), 8, async (spec) => {
    await call(spec.apiUrl, tokens[spec.accountNumber - ACCOUNT_BASE] ?? '', '/api/bot/stop');
  });
  for (const w of workers) w.proc.send({ type: 'drain' } satisfies ToWorker);
  await until('agents drained', 120_000, () => workers.every((w) => w.drained));
  closeChannels();
  const rows = await rowsOf(
    pool,
    z.object({ account_number: z.number(), ticket: z.number(), n: z.number() }),
    `SELECT a.account_number, d.ticket, count(*)::int AS n FROM deals d
       JOIN mt5_accounts a ON a.id = d.account_id GROUP BY 1, 2`,
  );
  await pool.end();
  const stored = new Map(rows.map((r) => [`${r.account_number}:${r.ticket}`, r.n]));
  let produced = 0;
  let lost = 0;
  let botDeals = 0;
  const lostExamples: string[] = [];
  for (const w of workers) {
    for (const [account, tickets] of w.drained?.produced ?? []) {
      produced += tickets.length;
      if (account < ACCOUNT_BASE + config.bots) botDeals += tickets.length;
      for (const t of tickets) {
        if (stored.has(`${account}:${t}`)) continue;
        lost++;
        if (lostExamples.length < 5) lostExamples.push(`account ${account} ticket ${t}`);
      }
    }
  }
  const figures: FleetFigures = {
    date,
    config,
    settings: db.settings,
    seconds,
    botsStarted,
    connectSeconds,
    openSeconds,
    channels: channelSpecs.length,
    channelsClosed,
    serverMs,
    pgMs: after.pgCpu - before.pgCpu,
    redisMs: redisCpu.elapsedMs(),
    workerMs: workerCpu.elapsedMs(),
    machine: after.machine,
    idle,
    rssPeaks,
    rssEnd: after.serversMiB,
    pgMiB: after.pgMiB,
    redisMiB: rssMiB(redis.pid),
    tablesBefore: before.tables,
    tablesAfter: after.tables,
    commands: after.commands - before.commands,
    log,
    deals: {
      produced,
      stored: rows.length,
      duplicated: rows.filter((r) => r.n > 1).length,
      lost,
      botDeals,
      pending: workers.reduce((s, w) => s + (w.drained?.pending ?? 0), 0),
      lostExamples,
    },
  };
  const section = fleetSection(figures);
  await writeSection('## Fleet: 2,000 traders on two instances through Redis', section);
  console.log(section);
  if (lost > 0) process.exitCode = 1;
}

await runBench(main, cleanUp);
