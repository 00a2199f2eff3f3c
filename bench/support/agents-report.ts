/** The section of bench/RESULTS.md that bench/agents.bench.ts writes. */
import type { BenchDatabase } from './bench-database.js';
import { bullets, fixed, int, machineNote, markdownTable, wrap, writeSection } from './report.js';

const COMMAND = 'npm run build && npm run bench:agents -w @vortex/bench';
const SECTION = '## 1,000 agents heartbeating on one server';
const PERTURBED_CORES = 0.25;

export interface Phase {
  label: string;
  seconds: number;
  /** 0: connected and silent. */
  intervalMs: number;
  /** The real agent's tick also sends the account, each time. */
  withAccount: boolean;
  vortexOnly: boolean;
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

/** Server (+ PostgreSQL) CPU per message, less what the same seconds cost when idle. */
function perMessage(result: TargetResult, p: PhaseResult) {
  const idle = result.phases.find((x) => x.phase.intervalMs === 0);
  const idleServer = idle ? (idle.serverCpuMs / idle.seconds) * p.seconds : 0;
  const idlePg = idle ? (idle.pgCpuMs / idle.seconds) * p.seconds : 0;
  const beats = p.phase.withAccount ? p.messages / 2 : p.messages;
  return {
    beats,
    server: p.serverCpuMs / beats,
    pg: p.pgCpuMs / beats,
    netServer: (p.serverCpuMs - idleServer) / beats,
    netPg: (p.pgCpuMs - idlePg) / beats,
  };
}

export async function reportAgents(input: Input): Promise<void> {
  const { date, db, agents, vortex, bare } = input;
  const n = int(agents);
  const targets = [vortex, bare];
  const rows = targets.flatMap((t) =>
    t.phases.map((p) => {
      const beating = p.phase.intervalMs > 0;
      const m = perMessage(t, p);
      const hasPg = t === vortex;
      return [
        `${t === vortex ? 'Vórtex' : 'Bare (reference)'}, ${p.phase.label}`,
        int(beating ? m.beats : 0),
        fixed(beating ? m.beats / p.seconds : 0, 0),
        fixed((p.serverCpuMs + p.pgCpuMs) / p.seconds / 10, 1),
        beating ? fixed(m.server, 3) : '-',
        beating ? fixed(m.netServer, 3) : '-',
        beating && hasPg ? fixed(m.pg, 3) : '-',
        beating && hasPg ? fixed(m.netPg, 3) : '-',
        p.pinged === undefined ? '-' : int(p.pinged),
        fixed(p.otherCores, 2),
      ];
    }),
  );
  const table = markdownTable(
    [
      `${n} agents, phase`,
      'Heartbeats',
      'Per s',
      '% of a core (server + PG)',
      'Server CPU ms / heartbeat',
      'Net of idle',
      'PG CPU ms / heartbeat',
      'PG net of idle',
      'Sessions pinged',
      'Other work, cores',
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
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

  const real = vortex.phases.find((p) => p.phase.intervalMs === 10_000 && !p.phase.withAccount);
  const fast = vortex.phases.find((p) => p.phase.intervalMs === 1_000 && !p.phase.withAccount);
  const bareFast = bare.phases.find((p) => p.phase.intervalMs === 1_000);
  const tick = vortex.phases.find((p) => p.phase.withAccount);
  if (!real || !fast || !bareFast || !tick) throw new Error('missing phase');
  const everyone = real.pinged === agents && fast.pinged === agents && vortex.closed === 0;
  const realCores = (real.serverCpuMs + real.pgCpuMs) / real.seconds / 1000;
  const bareReal = bare.phases.find((p) => p.phase.intervalMs === 10_000);
  if (!bareReal) throw new Error('missing phase');
  const realBeat = perMessage(vortex, real);
  const bareRealBeat = perMessage(bare, bareReal);
  const fastBeat = perMessage(vortex, fast);
  const bareBeat = perMessage(bare, bareFast);
  const tickBeat = perMessage(vortex, tick);
  const perturbed = targets.flatMap((t) =>
    t.phases
      .filter((p) => p.otherCores > PERTURBED_CORES)
      .map((p) => `${t.name}, ${p.phase.label}`),
  );
  const summary = bullets([
    `${n} agents on one server, heartbeating every 10 s — **${everyone ? 'met' : 'NOT met'}**: ` +
      `${vortex.closed} dropped, and ${int(real.pinged ?? 0)} of ${n} sessions pinged at the real ` +
      `interval (${int(fast.pinged ?? 0)} at 1 s). At 10 s the server and its PostgreSQL use ` +
      `${fixed(realCores * 100, 1)} % of one core.`,
    `At the real interval a heartbeat costs ${fixed(realBeat.netServer, 3)} ms of server CPU ` +
      `and ${fixed(realBeat.netPg, 3)} ms of PostgreSQL CPU (net of idle; three statements: ` +
      `session check, session ping, claim touch), against ${fixed(bareRealBeat.netServer, 3)} ` +
      `ms for the bare server to receive and parse it ` +
      `(${fixed((realBeat.netServer + realBeat.netPg) / bareRealBeat.netServer, 0)}×). ` +
      `Compressed to 1 s, when each wake-up handles several messages: ` +
      `${fixed(fastBeat.netServer, 3)} + ${fixed(fastBeat.netPg, 3)} ms, against ` +
      `${fixed(bareBeat.netServer, 3)} ms ` +
      `(${fixed((fastBeat.netServer + fastBeat.netPg) / bareBeat.netServer, 0)}×); ` +
      `${n} agents at 1 s use ${fixed((fast.serverCpuMs + fast.pgCpuMs) / fast.seconds / 10, 0)} ` +
      `% of one core, so CPU alone would allow some ` +
      `${int((agents * 10 * 100) / ((fast.serverCpuMs + fast.pgCpuMs) / fast.seconds / 10))} ` +
      `agents per core at the real 10 s.`,
    `The real agent's tick also sends the account, which stores a snapshot row: heartbeat + ` +
      `account cost ${fixed(tickBeat.netServer, 3)} ms (server) + ${fixed(tickBeat.netPg, 3)} ms ` +
      `(PostgreSQL) per tick.`,
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
        `interval: idle, heartbeats every 10 s (the real agent's interval), every 1 s ` +
        `(compressed), and heartbeat + account every 1 s (the real agent's tick). ` +
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
        `\`bridge_sessions.last_ping_at\` moved during the phase.`,
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
  console.log('Wrote bench/RESULTS.md');
  if (!everyone) process.exitCode = 1;
}
