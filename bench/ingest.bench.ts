/**
 * Deal ingestion from an agent to committed rows, over the real path: WebSocket `/bridge/agent`
 * of the built server (child process) -> validation -> `insertDeals` on PostgreSQL -> deals_ack,
 * sent after the commit. References in the same run, on the same database: the server's
 * `insertDeals` called directly (no WebSocket, JSON or validation), and COPY FROM STDIN of the
 * same rows. Writes its section of bench/RESULTS.md. Needs `npm run build` first.
 */
import { availableParallelism } from 'node:os';
import { MAX_DEALS_PER_BATCH, type Mt5Deal } from '@vortex/core';
import type pg from 'pg';
import {
  insertDeals,
  upsertAccount,
} from '../apps/server/src/modules/bridge/trading-ingest.repo.js';
import { BenchAgent, HELLO_BASE } from './support/bench-agent.js';
import {
  backendPids,
  benchPool,
  createBenchDatabase,
  type BenchDatabase,
} from './support/bench-database.js';
import { copyRows, copyText, createCopyTable } from './support/copy-reference.js';
import { batchesOf, generateDeals } from './support/deals.js';
import { CpuMeter, MachineMeter } from './support/proc-stats.js';
import { cleanUp, guardRun, onCleanUp } from './support/processes.js';
import {
  bullets,
  fixed,
  int,
  machineNote,
  markdownTable,
  percentileOf,
  runBench,
  wrap,
  writeSection,
} from './support/report.js';
import { createTraders, type BenchTrader } from './support/traders.js';
import { startVortexServer } from './support/vortex-server.js';
import { z } from 'zod';
import { oneRow } from '../apps/server/src/db/rows.js';

const COMMAND = 'npm run build && npm run bench:ingest -w @vortex/bench';
const SECTION = '## Deal ingestion over the agent WebSocket';
const N = Number(process.env.BENCH_DEALS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH = MAX_DEALS_PER_BATCH;
const GOAL = 100_000;
/** Of the one-statement COPY's rate in the same run (issue 15). */
const COPY_GOAL = 0.35;
const WARM_UP_BATCHES = 10;
// Cores of other work on the machine during a run above which its figures are flagged.
const PERTURBED_CORES = 0.25;
const WS_RUNS = [
  { label: 'WebSocket, 1 agent, 2 batches in flight (the real agent)', agents: 1, inFlight: 2 },
  { label: 'WebSocket, 1 agent, 1 batch in flight', agents: 1, inFlight: 1 },
  { label: 'WebSocket, 4 agents at once, 2 batches in flight each', agents: 4, inFlight: 2 },
] as const;
const REFERENCES = [
  `insertDeals called directly, batches of ${int(BATCH)}`,
  'COPY FROM STDIN, one statement',
  `COPY FROM STDIN, one statement per ${int(BATCH)} rows`,
] as const;

guardRun(20 * 60_000);

interface Sample {
  seconds: number;
  latencies: number[];
  /** CPU ms over the run: the server process, its PostgreSQL backends, everything else. */
  serverCpuMs: number | undefined;
  pgCpuMs: number;
  otherCores: number;
}

const rate = (s: Sample) => N / s.seconds;

interface Ctx {
  pool: pg.Pool;
  db: BenchDatabase;
  serverPid: number;
  apiUrl: string;
  batches: Mt5Deal[][];
  traders: BenchTrader[];
}

let accountSeq = 7_000_000;

function takeTrader(ctx: Ctx): BenchTrader {
  const trader = ctx.traders.pop();
  if (!trader) throw new Error('out of traders');
  return trader;
}

/** One agent paired for its own trader and account, ready to send deals. */
async function pairedAgent(ctx: Ctx): Promise<{ agent: BenchAgent; userId: number }> {
  const trader = takeTrader(ctx);
  const agent = await BenchAgent.connect(ctx.apiUrl);
  onCleanUp('close an agent', async () => agent.close());
  const last = await agent.handshake(trader.pairingToken, accountSeq++);
  if (last !== 0) throw new Error(`a fresh account resumed at ticket ${last}`);
  return { agent, userId: trader.userId };
}

type Stop = (latencies: number[]) => Promise<Sample>;

/** For the warm-up and the resend, which are not measured. */
const unmetered = async (): Promise<Stop> => async (latencies) => ({
  seconds: 0,
  latencies,
  serverCpuMs: undefined,
  pgCpuMs: 0,
  otherCores: 0,
});

/** Counts CPU over a run: the server, its PostgreSQL backends (or the benchmark's), the rest. */
async function startMeters(ctx: Ctx, of: 'server' | 'bench'): Promise<Stop> {
  const server = new CpuMeter(of === 'server' ? [ctx.serverPid] : []);
  const pg = new CpuMeter(await backendPids(ctx.pool, ctx.db, of));
  const machine = new MachineMeter();
  const start = performance.now();
  return async (latencies) => {
    const seconds = (performance.now() - start) / 1000;
    pg.add(await backendPids(ctx.pool, ctx.db, of));
    const serverCpuMs = server.elapsedMs();
    const pgCpuMs = pg.elapsedMs();
    const { busyMs, selfMs } = machine.elapsed();
    const otherMs = Math.max(0, busyMs - serverCpuMs - pgCpuMs - selfMs);
    return {
      seconds,
      latencies,
      serverCpuMs: of === 'server' ? serverCpuMs : undefined,
      pgCpuMs,
      otherCores: otherMs / 1000 / seconds,
    };
  };
}

/** Sends the batches, `inFlight` at a time, each agent its share; times every batch to its ack. */
async function sendAll(
  agents: BenchAgent[],
  inFlight: number,
  batches: Mt5Deal[][],
  tag: string,
  start: () => Promise<Stop>,
): Promise<{ sample: Sample; stored: number }> {
  // Serialised before the clock starts: the agent's JSON.stringify is not the server's cost.
  const messages = batches.map((deals, i) =>
    JSON.stringify({ type: 'deals', batch_id: `${tag}-${i}`, deals }),
  );
  const latencies: number[] = [];
  let stored = 0;
  const lane = async (agent: BenchAgent, queue: number[]) => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      const message = messages[i];
      const last = batches[i]?.at(-1)?.ticket;
      if (message === undefined || last === undefined) throw new Error('no batch');
      const sent = performance.now();
      const ack = await agent.sendBatch(`${tag}-${i}`, message);
      latencies.push(performance.now() - sent);
      if (ack.last_ticket !== last) throw new Error(`ack for ${ack.last_ticket}, expected ${last}`);
      stored += ack.stored;
    }
  };
  const stop = await start();
  await Promise.all(
    agents.map((agent, a) => {
      // Agent a takes batches a, a + agents, ...: every agent its own account and queue.
      const queue = batches.map((_, i) => i).filter((i) => i % agents.length === a);
      return Promise.all(Array.from({ length: inFlight }, () => lane(agent, queue)));
    }),
  );
  return { sample: await stop(latencies), stored };
}

async function storedDeals(pool: pg.Pool, userIds: number[]): Promise<number> {
  const { n } = await oneRow(
    pool,
    z.object({ n: z.number() }),
    `SELECT count(*)::int AS n FROM deals d JOIN mt5_accounts a ON a.id = d.account_id
     WHERE a.user_id = ANY($1::bigint[])`,
    [userIds],
  );
  return n;
}

async function webSocketRun(ctx: Ctx, spec: (typeof WS_RUNS)[number], tag: string) {
  const paired = await Promise.all(Array.from({ length: spec.agents }, () => pairedAgent(ctx)));
  const agents = paired.map((p) => p.agent);
  const { sample, stored } = await sendAll(agents, spec.inFlight, ctx.batches, tag, () =>
    startMeters(ctx, 'server'),
  );
  const rows = await storedDeals(
    ctx.pool,
    paired.map((p) => p.userId),
  );
  if (stored !== N || rows !== N) {
    throw new Error(`${spec.label}: acks say ${stored} stored, the table holds ${rows}`);
  }
  return { sample, agents };
}

/** The server's own insertDeals from this process: the statement without the WebSocket path. */
async function directRun(ctx: Ctx): Promise<Sample> {
  const accountId = await upsertAccount(ctx.pool, {
    userId: takeTrader(ctx).userId,
    accountNumber: accountSeq++,
    server: HELLO_BASE.server,
    company: HELLO_BASE.company,
    currency: HELLO_BASE.currency,
    marginMode: HELLO_BASE.margin_mode,
    tradeMode: HELLO_BASE.trade_mode,
  });
  const latencies: number[] = [];
  let stored = 0;
  const stop = await startMeters(ctx, 'bench');
  for (const batch of ctx.batches) {
    const t = performance.now();
    stored += await insertDeals(ctx.pool, accountId, batch);
    latencies.push(performance.now() - t);
  }
  const sample = await stop(latencies);
  if (stored !== N) throw new Error(`insertDeals stored ${stored} of ${N}`);
  return sample;
}

/** COPY of all rows in one statement, then in statements of BATCH rows, for two new accounts. */
async function copyRuns(ctx: Ctx, deals: Mt5Deal[], round: number): Promise<Sample[]> {
  const whole = copyText(2 * round + 1, deals);
  const parts = ctx.batches.map((batch) => copyText(2 * round + 2, batch));
  let stop = await startMeters(ctx, 'bench');
  const one = await copyRows(ctx.pool, whole);
  const oneSample = await stop([]);
  const latencies: number[] = [];
  let many = 0;
  stop = await startMeters(ctx, 'bench');
  for (const part of parts) {
    const t = performance.now();
    many += await copyRows(ctx.pool, part);
    latencies.push(performance.now() - t);
  }
  const manySample = await stop(latencies);
  if (one !== N || many !== N) throw new Error(`COPY stored ${one} and ${many} of ${N}`);
  return [oneSample, manySample];
}

/** The median sample by rate; latencies pooled over all samples of the series. */
function summarise(label: string, samples: Sample[]) {
  const byRate = [...samples].sort((a, b) => rate(a) - rate(b));
  const median = byRate[Math.floor(byRate.length / 2)];
  if (!median) throw new Error(`no samples for ${label}`);
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  return {
    label,
    median,
    min: rate(byRate[0] ?? median),
    max: rate(byRate.at(-1) ?? median),
    latencies,
    otherCores: Math.max(...samples.map((s) => s.otherCores)),
  };
}
type Series = ReturnType<typeof summarise>;

async function main(): Promise<void> {
  const date = new Date().toISOString();
  const db = await createBenchDatabase('ingest');
  console.log(`Database ${db.name} (${db.settings}); starting the built server...`);
  const server = await startVortexServer(db.url);
  const pool = benchPool(db);
  onCleanUp('close the benchmark pool', () => pool.end());

  const deals = generateDeals(N);
  const batches = batchesOf(deals, BATCH);
  const perRound = WS_RUNS.reduce((sum, run) => sum + run.agents, 0) + 1;
  const traders = await createTraders(pool, 1 + ROUNDS * perRound, `ing${Date.now() % 1e5}_`);
  const ctx: Ctx = {
    pool,
    db,
    serverPid: server.child.pid,
    apiUrl: server.apiUrl,
    batches,
    traders,
  };
  await createCopyTable(pool);

  console.log(`Warm-up: ${WARM_UP_BATCHES} batches of ${BATCH} on an account of its own`);
  const warm = await pairedAgent(ctx);
  await sendAll([warm.agent], 1, batches.slice(0, WARM_UP_BATCHES), 'warm', unmetered);
  warm.agent.close();

  const wsSamples: Sample[][] = WS_RUNS.map(() => []);
  const refSamples: Sample[][] = REFERENCES.map(() => []);
  let resentStored = Number.NaN;
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`Round ${round + 1} of ${ROUNDS}, ${int(N)} deals per run:`);
    for (const [r, spec] of WS_RUNS.entries()) {
      const { sample, agents } = await webSocketRun(ctx, spec, `r${round}-${r}`);
      wsSamples[r]?.push(sample);
      console.log(`  ${spec.label}: ${int(rate(sample))} deals/s`);
      const [first] = agents;
      if (round === 0 && r === 0 && first) {
        // A resend after a lost ack must store nothing twice.
        resentStored = (await sendAll([first], 1, batches.slice(0, 2), 'resend', unmetered)).stored;
      }
      for (const agent of agents) agent.close();
    }
    const direct = await directRun(ctx);
    const copies = await copyRuns(ctx, deals, round);
    for (const [i, sample] of [direct, ...copies].entries()) {
      refSamples[i]?.push(sample);
      console.log(`  ${REFERENCES[i] ?? ''}: ${int(rate(sample))} rows/s`);
    }
  }
  await cleanUp();

  const ws = WS_RUNS.map((spec, i) => summarise(spec.label, wsSamples[i] ?? []));
  const refs = REFERENCES.map((label, i) => summarise(label, refSamples[i] ?? []));
  await report(date, db, ws, refs, resentStored);
}

async function report(
  date: string,
  db: BenchDatabase,
  ws: Series[],
  refs: Series[],
  resentStored: number,
): Promise<void> {
  const all = [...ws, ...refs];
  const ms = (s: Series, p: number) =>
    s.latencies.length ? fixed(percentileOf(s.latencies, p)) : '-';
  const perThousand = (cpuMs: number | undefined) =>
    cpuMs === undefined ? '-' : fixed((cpuMs * 1000) / N, 1);
  const table = markdownTable(
    [
      `Run (${int(N)} deals; median of ${ROUNDS})`,
      'Deals/s',
      'Range',
      'Batch p50 ms',
      'Batch p99 ms',
      'Batch max ms',
      'Server CPU ms / 1k deals',
      'PostgreSQL CPU ms / 1k deals',
      'Other work, cores',
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    all.map((s) => [
      s.label,
      int(rate(s.median)),
      `${int(s.min)}–${int(s.max)}`,
      ms(s, 50),
      ms(s, 99),
      ms(s, 100),
      perThousand(s.median.serverCpuMs),
      perThousand(s.median.pgCpuMs),
      fixed(s.otherCores, 2),
    ]),
  );
  const [real] = ws;
  const [direct, copyOne, copyBatches] = refs;
  if (!real || !direct || !copyOne || !copyBatches) throw new Error('missing series');
  const best = ws.reduce((a, b) => (rate(b.median) > rate(a.median) ? b : a));
  const realRate = rate(real.median);
  const met = realRate >= GOAL;
  const ofCopy = realRate / rate(copyOne.median);
  const copyMet = ofCopy >= COPY_GOAL;
  const perturbed = all.filter((s) => s.otherCores > PERTURBED_CORES).map((s) => s.label);
  const cpuPerThousand = ((real.median.serverCpuMs ?? 0) + real.median.pgCpuMs) / (N / 1000);
  const summary = bullets([
    `Goal: ≥ ${int(GOAL)} deals/s from the agent to committed rows — **${met ? 'met' : 'NOT met'}**: ` +
      `the real agent's way of sending (two batches in flight) reaches ${int(realRate)} deals/s; ` +
      `the best WebSocket run ${int(rate(best.median))} deals/s (${best.label.replace('WebSocket, ', '')}).`,
    `Goal: ≥ ${fixed(COPY_GOAL, 2)} of the one-statement COPY in the same run — ` +
      `**${copyMet ? 'met' : 'NOT met'}**: ${fixed(ofCopy, 2)}.`,
    `Reference, COPY FROM STDIN of the same rows: ${int(rate(copyOne.median))} rows/s in one ` +
      `statement, ${int(rate(copyBatches.median))} rows/s in statements of ${int(BATCH)}. The real ` +
      `agent reaches ${fixed((100 * realRate) / rate(copyOne.median), 0)} % of the first and ` +
      `${fixed((100 * realRate) / rate(copyBatches.median), 0)} % of the second; insertDeals ` +
      `alone (no WebSocket) ${int(rate(direct.median))} deals/s.`,
    `CPU per 1,000 deals on the real agent's path: ${fixed(cpuPerThousand, 1)} ms (server + ` +
      `PostgreSQL), so ${availableParallelism()} cores bound ingestion near ` +
      `${int((availableParallelism() * 1_000_000) / cpuPerThousand)} deals/s however the batches are sent.`,
    `Every run checked: the acks' \`stored\` and the rows in \`deals\` both equal ${int(N)}; ` +
      `two batches sent again after the first run (a lost ack) stored ${resentStored} rows.`,
    perturbed.length === 0
      ? `No run saw more than ${PERTURBED_CORES} cores of other work on the machine.`
      : `Shared machine: runs with more than ${PERTURBED_CORES} cores of other work in some ` +
        `round (figures perturbed): ${perturbed.join('; ')}.`,
  ]);

  const section = [
    SECTION,
    '',
    wrap(
      `Command (from the repository root): \`${COMMAND}\` (runs \`tsx ingest.bench.ts\` in \`bench/\`).`,
    ),
    '',
    bullets([
      `Date: ${date}`,
      `Machine: ${machineNote()}; ${db.settings}, on the same machine.`,
      `Method: the built server (\`node apps/server/dist/main.js\`, \`LOG_LEVEL=warn\`) in a ` +
        `child process on a fresh database, migrated by the server at start-up; one trader per ` +
        `agent, paired with its own pairing token, each agent on an account of its own. ` +
        `${int(N)} synthetic deals (\`bench/support/deals.ts\`, ${fixed(batchBytes() / 2 ** 20, 2)} ` +
        `MiB of JSON per batch) in batches of ${int(BATCH)} (the protocol's maximum, the real agent's ` +
        `default), serialised before the clock starts. A batch's latency is from its send to its ` +
        `\`deals_ack\`, which the server sends after the commit. After a warm-up of ` +
        `${WARM_UP_BATCHES} batches, ${ROUNDS} rounds, each running every row of the table once ` +
        `in turn; the table gives each row's median round, the range over rounds, and latency ` +
        `percentiles over the batches of all rounds.`,
      `The real agent (\`apps/bridge/src/agent/agent.ts\`) keeps two batches in flight and ` +
        `sends the next on each ack; the server parses and validates a message as it arrives and ` +
        `stores one connection's batches one at a time, so the second batch's parsing overlaps ` +
        `the first one's insert.`,
      `CPU: time on a CPU of every thread (\`/proc/<pid>/task/*/schedstat\`) of the server ` +
        `process and of the PostgreSQL backends serving it; "other work" is the rest of the machine's busy time ` +
        `(\`/proc/stat\`) less this benchmark process, worst round. References from the ` +
        `benchmark process on the same database, one connection: the server's \`insertDeals\` ` +
        `and COPY FROM STDIN (pg-copy-streams, text format) into a table made LIKE deals ` +
        `INCLUDING ALL (same columns, defaults, primary key and index; no foreign key).`,
    ]),
    '',
    table,
    '',
    summary,
    '',
    'Notes:',
    '',
    bullets([
      '`insertDeals` (`apps/server/src/modules/bridge/trading-ingest.repo.ts`) stores a batch ' +
        'in one statement, one commit, idempotent by (account_id, ticket). A batch wholly above ' +
        'the highest ticket its connection knows stored goes in by COPY FROM STDIN in the binary ' +
        'format (`deal-copy.ts`, rows written into one buffer as the message arrives, so while ' +
        'the previous batch is stored; the text rows it replaced cost ~20 ms of server CPU a ' +
        'batch, these ~1.4 ms); anything else, or a COPY refused by the primary key or the data, by ' +
        '`INSERT ... SELECT FROM unnest(...) ON CONFLICT DO NOTHING`. "insertDeals called ' +
        'directly" above takes the INSERT (it passes no stored ticket). The first run of this ' +
        'benchmark measured 24,191 deals/s for the real agent and 11.4 ms of server CPU per ' +
        '1,000 deals; 2026-11-26, before COPY, 74,308–78,107 deals/s.',
      "Where a 5,000-deal batch's time goes (a CPU profile of the server and EXPLAIN ANALYZE " +
        'of one batch, 2026-11-22): in the server, JSON.parse ~6–10 ms, zod validation ~13–17 ms, ' +
        'garbage collection ~15 ms, insertDeals ~10 ms, WebSocket unmasking ~3 ms; in ' +
        'PostgreSQL ~60 ms, of which the foreign-key check on deals.account_id ~20 ms (5,000 ' +
        'trigger calls), the unnest scan ~10 ms and the ON CONFLICT arbitration ~10 ms. The ' +
        'server handles one connection strictly in order, so with one batch in flight the two ' +
        'add up rather than overlap.',
      'Since then (same day): deals.account_id lost its foreign key (the cascade on account ' +
        'delete is one trigger; migration 0007), a batch wholly above the highest ticket the ' +
        'connection knows stored is inserted without ON CONFLICT (falling back to it on a ' +
        'unique violation), messages are parsed and validated on arrival, deal batches are ' +
        'checked by a hand-written fast path (zod stays the rule for everything else; a ' +
        'property test holds the two together: ~0.4 µs a deal against ~4 µs), and the agent ' +
        'keeps two batches in flight.',
      '2026-11-23, on a different machine (AMD EPYC, where the 2026-11-22 runs had an Intel ' +
        'Xeon): the code of 2026-11-22 (commit fcbfb65) measured 80,541–89,104 deals/s for ' +
        'the real agent here, against 113,926 there. Migration 0008 then added the deals ' +
        'version (a statement trigger counting each batch, read by the positions cache): as ' +
        "one counter row per account it serialised an agent's two batches in flight on the " +
        "row's lock (64,447–64,799 deals/s); as one row per writer connection, 75,457–88,903 " +
        'deals/s, against 96,273–101,629 with the trigger left out, all in back-to-back runs.',
      'The positions follower (`apps/server/src/modules/trading/positions-follower.ts`) runs ' +
        'in the server after each batch and its CPU is in the server column. It takes the ' +
        'batches its instance just stored from memory (`positions-follower-handoff.ts`) when ' +
        'they are exactly the deals since its watermark, and reads them back only otherwise; ' +
        'reading them back cost 4–5 ms of server CPU per 1,000 deals (2026-11-26: 91,918–96,998 ' +
        'deals/s, 9.8 ms of server CPU per 1,000, 0.26 of COPY). Its array parameters are ' +
        "written as literals rather than by node-postgres' generic conversion, and its question " +
        "of how many round trips an id finished probes the key per id (it scanned the account's " +
        'closed positions for every slice). Measured apart (2026-11-27, one connection): its ' +
        'insert into closed_positions costs PostgreSQL ~19 µs a position (~9 ms per 1,000 ' +
        'deals here), about half of it the foreign-key check on account_id, one trigger call ' +
        'per row, as deals had before migration 0007.',
    ]),
    '',
  ].join('\n');
  console.log(`\n${section}`);
  await writeSection(SECTION, section);
  console.log('Wrote bench/RESULTS.md');
  if (!met || !copyMet) process.exitCode = 1;
}

function batchBytes(): number {
  const deals = generateDeals(BATCH);
  return Buffer.byteLength(JSON.stringify({ type: 'deals', batch_id: 'r0-0-0', deals }));
}

await runBench(main, cleanUp);
