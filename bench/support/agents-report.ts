/** The section of bench/RESULTS.md that bench/agents.bench.ts writes. */
import type { BenchDatabase } from './bench-database.js';
import { bullets, fixed, int, machineNote, markdownTable, wrap, writeSection } from './report.js';

const COMMAND = 'npm run build && npm run bench:agents -w @vortex/bench';
const SECTION = '## 3,000 agents on the real tick on one server';
const PERTURBED_CORES = 0.25;
const DAY_S = 86_400;
/** Issue 15's goals: CPU ms per agent tick, and history rows per agent per day. */
const GOAL = { serverMs: 0.3, pgMs: 0.2, rowsOpen: 1_500, rowsFlat: 50 };

export interface Phase {
  label: string;
  seconds: number;
  /** 0: connected and silent. */
  intervalMs: number;
  /** Each tick is a heartbeat and the account: unchanged (flat), or floating with a position. */
  account: 'flat' | 'floating';
}

/** account_snapshots rows of a phase, and the gaps between each account's consecutive rows. */
export interface HistoryRows {
  rows: number;
  gaps: number;
  gapSeconds: number;
}

export interface PhaseResult {
  phase: Phase;
  messages: number;
  seconds: number;
  serverCpuMs: number;
  pgCpuMs: number;
  otherCores: number;
  /** For Vórtex: sessions whose last_ping_at moved during the phase (every agent's should). */
  pinged: number | undefined;
  /** For Vórtex: account_snapshots rows with a report time in the phase. */
  rows: HistoryRows | undefined;
  /** Lowest and highest RSS sampled during the phase, MiB. */
  rss: { low: number; high: number };
}

export interface TargetResult {
  name: string;
  /** JS heap in use and RSS after a full collection, before the first connection and with all. */
  heapBefore: number;
  heapConnected: number;
  rssBefore: number;
  rssConnected: number;
  /** Highest RSS from the first connection to the settle after the last, MiB. */
  rssPairing: number;
  connectSeconds: number;
  /** Server + PostgreSQL CPU ms per connection (for Vórtex: auth with a pairing token + hello). */
  connectCpuMs: number;
  phases: PhaseResult[];
  closed: number;
}

interface Input {
  date: string;
  db: BenchDatabase;
  agents: number;
  connectConcurrency: number;
  settleMs: number;
  vortex: TargetResult;
  bare: TargetResult;
}

/** Server (+ PostgreSQL) CPU per agent tick (a heartbeat and an account), less idle's rate. */
function perTick(result: TargetResult, p: PhaseResult) {
  const idle = result.phases.find((x) => x.phase.intervalMs === 0);
  const idleServer = idle ? (idle.serverCpuMs / idle.seconds) * p.seconds : 0;
  const idlePg = idle ? (idle.pgCpuMs / idle.seconds) * p.seconds : 0;
  const ticks = p.messages / 2;
  return {
    ticks,
    server: p.serverCpuMs / ticks,
    pg: p.pgCpuMs / ticks,
    netServer: (p.serverCpuMs - idleServer) / ticks,
    netPg: (p.pgCpuMs - idlePg) / ticks,
  };
}

/**
 * An agent's steady rate: a day over the mean gap between its consecutive rows; with no agent
 * keeping two rows in the phase, the rows it kept scaled from the phase to a day.
 */
function rowsPerDay(p: PhaseResult, agents: number): number {
  if (p.rows === undefined) return Number.NaN;
  if (p.rows.gaps > 0) return (DAY_S * p.rows.gaps) / p.rows.gapSeconds;
  return (p.rows.rows / agents) * (DAY_S / p.phase.seconds);
}
const verdict = (ok: boolean) => (ok ? '**met**' : '**NOT met**');

export async function reportAgents(input: Input): Promise<void> {
  const { date, db, agents, vortex, bare } = input;
  const n = int(agents);
  const targets = [vortex, bare];
  const rows = targets.flatMap((t) =>
    t.phases.map((p) => {
      const beating = p.phase.intervalMs > 0;
      const m = perTick(t, p);
      const hasPg = t === vortex;
      return [
        `${t === vortex ? 'Vórtex' : 'Bare (reference)'}, ${p.phase.label}`,
        int(beating ? m.ticks : 0),
        fixed(beating ? m.ticks / p.seconds : 0, 0),
        fixed((p.serverCpuMs + p.pgCpuMs) / p.seconds / 10, 1),
        beating ? fixed(m.server, 3) : '-',
        beating ? fixed(m.netServer, 3) : '-',
        beating && hasPg ? fixed(m.pg, 3) : '-',
        beating && hasPg ? fixed(m.netPg, 3) : '-',
        p.pinged === undefined ? '-' : int(p.pinged),
        beating && p.rows !== undefined ? int(rowsPerDay(p, agents)) : '-',
        fixed(p.otherCores, 2),
      ];
    }),
  );
  const table = markdownTable(
    [
      `${n} agents, phase`,
      'Agent ticks',
      'Per s',
      '% of a core (server + PG)',
      'Server CPU ms / tick',
      'Net of idle',
      'PG CPU ms / tick',
      'PG net of idle',
      'Sessions pinged',
      'History rows / agent / day',
      'Other work, cores',
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    rows,
  );
  const perAgent = (t: TargetResult) => ((t.rssConnected - t.rssBefore) * 1024) / agents;
  const heapPerAgent = (t: TargetResult) => ((t.heapConnected - t.heapBefore) * 1024) / agents;
  const peak = (t: TargetResult) => Math.max(t.rssPairing, ...t.phases.map((p) => p.rss.high));
  const memory = markdownTable(
    [
      'Server process (after a full collection)',
      'JS heap before MiB',
      `JS heap, ${n} connected MiB`,
      'Heap KiB per agent',
      'RSS before MiB',
      `RSS, ${n} connected MiB`,
      'RSS KiB per agent',
      'RSS peak MiB',
      'Connect s',
      'Connect CPU ms per agent',
      'Dropped',
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    targets.map((t) => [
      t === vortex ? 'Vórtex (auth with a pairing token, hello, resume)' : 'Bare (WebSocket open)',
      fixed(t.heapBefore),
      fixed(t.heapConnected),
      fixed(heapPerAgent(t), 1),
      fixed(t.rssBefore),
      fixed(t.rssConnected),
      fixed(perAgent(t), 1),
      fixed(peak(t)),
      fixed(t.connectSeconds, 1),
      fixed(t.connectCpuMs, 2),
      String(t.closed),
    ]),
  );

  const phaseOf = (t: TargetResult, account: Phase['account']) => {
    const p = t.phases.find((x) => x.phase.intervalMs > 0 && x.phase.account === account);
    if (!p) throw new Error('missing phase');
    return p;
  };
  const flat = phaseOf(vortex, 'flat');
  const open = phaseOf(vortex, 'floating');
  const flatTick = perTick(vortex, flat);
  const openTick = perTick(vortex, open);
  const bareOpen = perTick(bare, phaseOf(bare, 'floating'));
  const bareFlat = perTick(bare, phaseOf(bare, 'flat'));
  const everyone = flat.pinged === agents && open.pinged === agents && vortex.closed === 0;
  const cpuMet = (x: ReturnType<typeof perTick>) =>
    x.netServer <= GOAL.serverMs && x.netPg <= GOAL.pgMs;
  const openRows = rowsPerDay(open, agents);
  const flatRows = rowsPerDay(flat, agents);
  const cores = (p: PhaseResult) => (p.serverCpuMs + p.pgCpuMs) / p.seconds / 1000;
  const perturbed = targets.flatMap((t) =>
    t.phases
      .filter((p) => p.otherCores > PERTURBED_CORES)
      .map((p) => `${t.name}, ${p.phase.label}`),
  );
  const summary = bullets([
    `${n} agents on one server on the real 10 s tick: ${verdict(everyone)} ` +
      `(${vortex.closed} dropped; ${int(flat.pinged ?? 0)} and ${int(open.pinged ?? 0)} of ${n} ` +
      `sessions pinged in the two phases). The server and its PostgreSQL use ` +
      `${fixed(cores(open) * 100, 1)} % of one core with every position open ` +
      `(${fixed(cores(flat) * 100, 1)} % flat).`,
    `CPU per agent tick (heartbeat + account, net of idle), goal ≤ ${GOAL.serverMs} ms server ` +
      `and ≤ ${GOAL.pgMs} ms PostgreSQL — ${verdict(cpuMet(openTick) && cpuMet(flatTick))}: ` +
      `position open ${fixed(openTick.netServer, 3)} ms server + ${fixed(openTick.netPg, 3)} ms ` +
      `PostgreSQL, flat ${fixed(flatTick.netServer, 3)} + ${fixed(flatTick.netPg, 3)} ms; the ` +
      `bare server receives and parses the same two messages for ${fixed(bareOpen.netServer, 3)} ` +
      `and ${fixed(bareFlat.netServer, 3)} ms (Vórtex server ` +
      `${fixed(openTick.netServer / bareOpen.netServer, 1)}× and ` +
      `${fixed(flatTick.netServer / bareFlat.netServer, 1)}× the bare one).`,
    `History rows (\`account_snapshots\`) per agent per day, goal ≤ ${int(GOAL.rowsOpen)} with ` +
      `a position open and ≤ ${GOAL.rowsFlat} flat — ` +
      `${verdict(openRows <= GOAL.rowsOpen && flatRows <= GOAL.rowsFlat)}: ${int(openRows)} with ` +
      `a position open (${int(open.rows?.rows ?? 0)} rows in ${open.phase.seconds} s, a mean ` +
      `gap of ${fixed((open.rows?.gapSeconds ?? 0) / (open.rows?.gaps ?? 1), 1)} s between an ` +
      `agent's rows) and ${int(flatRows)} flat (${int(flat.rows?.rows ?? 0)} rows in ` +
      `${flat.phase.seconds} s: a flat agent keeps one row per connection). Before the change ` +
      `every tick kept one: 8,640.`,
    `Memory per connected agent: ${fixed(heapPerAgent(vortex), 1)} KiB of JS heap and ` +
      `${fixed(perAgent(vortex), 1)} KiB of RSS, against ${fixed(heapPerAgent(bare), 1)} KiB ` +
      `and ${fixed(perAgent(bare), 1)} KiB per open WebSocket on the bare server. Pairing ` +
      `(auth with a token, hello) costs ${fixed(vortex.connectCpuMs, 2)} ms of CPU per agent.`,
    perturbed.length === 0
      ? `No phase saw more than ${PERTURBED_CORES} cores of other work on the machine.`
      : `Shared machine: phases with more than ${PERTURBED_CORES} cores of other work ` +
        `(figures perturbed): ${perturbed.join('; ')}.`,
  ]);

  const section = [
    SECTION,
    '',
    wrap(
      `Command (from the repository root): \`${COMMAND}\` (runs \`tsx agents.bench.ts\` in \`bench/\`).`,
    ),
    '',
    bullets([
      `Date: ${date}`,
      `Machine: ${machineNote()}; ${db.settings}, on the same machine.`,
      `Method: the built server (\`node apps/server/dist/main.js\`, \`LOG_LEVEL=warn\`, pool of ` +
        `20) in a child process on a fresh database; ${n} traders made in the database, each ` +
        `with its own pairing token; ${n} WebSockets from the benchmark process, each agent ` +
        `paired (auth with its token, hello for an account of its own, resume), ` +
        `${input.connectConcurrency} at a time. Then, on one clock, each agent's messages spread evenly over the ` +
        `interval: idle, then the real agent's tick (a heartbeat and the account every 10 s) with ` +
        `a flat account (60 s) and with a position open whose profit moves every tick (135 s). ` +
        `The reference, first in the same run: a bare Fastify 5 + @fastify/websocket server ` +
        `(\`bench/support/bare-ws.ts\`) that parses each message and answers nothing, with the ` +
        `same sockets and messages (no pairing, so no hello).`,
      `CPU: time on a CPU of every thread (\`/proc/<pid>/task/*/schedstat\`) of the server ` +
        `process and of the PostgreSQL backends serving it; "net of idle" subtracts the idle phase's rate (timers, housekeeping). ` +
        `Memory: both servers run with \`--inspect=127.0.0.1:0\`; before the first connection ` +
        `and again with all connected (after a 5 s warm-up of heartbeats + accounts, not ` +
        `reported, and ${input.settleMs / 1000} s of rest), a full collection through the ` +
        `inspector (HeapProfiler.collectGarbage), then the JS heap in use ` +
        `(Runtime.getHeapUsage) and VmRSS; the peak is VmRSS sampled every 250 ms from the ` +
        `first connection to the end. "Sessions pinged": ` +
        `\`bridge_sessions.last_ping_at\` moved during the phase. History rows: ` +
        `\`account_snapshots\` rows whose report time falls in the phase; per agent per day is a ` +
        `day over the mean gap between an agent's consecutive rows (none: the phase's rows ` +
        `scaled to a day).`,
    ]),
    '',
    table,
    '',
    memory,
    '',
    summary,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  await writeSection(SECTION, section);
  if (!everyone) process.exitCode = 1;
}
