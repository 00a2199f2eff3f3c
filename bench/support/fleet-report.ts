/** The fleet benchmark's section of bench/RESULTS.md: its figures per trader, and the verdict. */
import type { DeliveryLog } from './fleet-channels.js';
import type { TableWrites } from './fleet-infra.js';
import { bullets, fixed, int, machineNote, markdownTable, percentileOf } from './report.js';

export interface FleetFigures {
  date: string;
  config: {
    seconds: number;
    traders: number;
    bots: number;
    speed: number;
    workers: number;
    warmUpSeconds: number;
  };
  settings: string;
  seconds: number;
  botsStarted: number;
  /** Wall time to connect every agent, and to open every channel (tickets included). */
  connectSeconds: number;
  openSeconds: number;
  channels: number;
  channelsClosed: number;
  serverMs: number[];
  pgMs: number;
  redisMs: number;
  workerMs: number;
  machine: { busyMs: number; selfMs: number };
  idle: { serversMiB: number[]; postgresMiB: number };
  rssPeaks: { low: number; high: number }[];
  rssEnd: number[];
  pgMiB: number;
  redisMiB: number;
  tablesBefore: Map<string, TableWrites>;
  tablesAfter: Map<string, TableWrites>;
  commands: number;
  log: DeliveryLog;
  deals: {
    produced: number;
    stored: number;
    duplicated: number;
    lost: number;
    botDeals: number;
    pending: number;
    lostExamples: string[];
  };
}

const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);

export function fleetSection(f: FleetFigures): string {
  const n = f.config.traders;
  const perK = (ms: number) => (ms / f.seconds / 1000 / n) * 1000; // cores per 1,000 traders
  const msPerTraderMin = (ms: number) => (ms / n / f.seconds) * 60;
  const cpuRows = [
    ...f.serverMs.map((ms, i) => [`Server ${'AB'[i]}`, ms] as const),
    ['Servers A + B', sum(f.serverMs)] as const,
    ['PostgreSQL (all its processes)', f.pgMs] as const,
    ['Redis', f.redisMs] as const,
  ].map(([name, ms]) => [
    name,
    fixed(ms / f.seconds / 1000, 3),
    fixed(msPerTraderMin(ms), 2),
    fixed(perK(ms), 3),
  ]);
  const serversEnd = sum(f.rssEnd);
  const serversIdle = sum(f.idle.serversMiB);
  const memRows = [
    ...f.rssEnd.map((mib, i) => [
      `Server ${'AB'[i]} RSS`,
      fixed(f.idle.serversMiB[i] ?? 0, 0),
      fixed(mib, 0),
      fixed(f.rssPeaks[i]?.high ?? 0, 0),
    ]),
    ['PostgreSQL PSS (sum)', fixed(f.idle.postgresMiB, 0), fixed(f.pgMiB, 0), '–'],
    ['Redis RSS', '–', fixed(f.redisMiB, 0), '–'],
  ];
  const hours = f.seconds / 3600;
  const tableRows = [...f.tablesAfter]
    .map(([name, t]) => {
      const b = f.tablesBefore.get(name);
      const ins = t.inserted - (b?.inserted ?? 0);
      const upd = t.updated - (b?.updated ?? 0);
      const rowBytes = t.liveRows > 0 ? t.bytes / t.liveRows : 0;
      return { name, ins, upd, rowBytes, live: t.liveRows };
    })
    .filter((t) => t.ins > 0 || t.upd > 0)
    .sort((x, y) => y.ins - x.ins)
    .map((t) => [
      `\`${t.name}\``,
      fixed(t.ins / hours / n, 2),
      fixed(t.upd / hours / n, 2),
      int(t.live),
      t.rowBytes > 0 ? int(t.rowBytes) : '–',
    ]);
  const lat = (filter: (type: string, path: string, kind: string) => boolean) => {
    const s = f.log.sorted(filter);
    return [int(s.length), fixed(percentileOf(s, 50), 0), fixed(percentileOf(s, 99), 0)];
  };
  const eventRows = [
    ['All events, all channels', ...lat(() => true)],
    ['All events, same instance as the agent', ...lat((_, p) => p === 'local')],
    ['All events, through Redis', ...lat((_, p) => p === 'redis')],
    ['All events, SSE channels', ...lat((_, __, k) => k === 'sse')],
    ['All events, WS channels', ...lat((_, __, k) => k === 'ws')],
    ['`deals_added` only', ...lat((t) => t === 'deals_added')],
  ];
  const busyCores = f.machine.busyMs / f.seconds / 1000;
  const d = f.deals;
  const verdict =
    d.lost === 0 && d.duplicated === 0
      ? `**0 deals lost** (goal: 0): all ${int(d.produced)} deals the terminals produced are in ` +
        '`deals` exactly once.'
      : `**${int(d.lost)} deals lost, ${int(d.duplicated)} stored twice** (goal: 0); e.g. ` +
        `${d.lostExamples.join(', ')}.`;
  return [
    '## Fleet',
    '',
    'Command (from the repository root): `npm run build && npm run bench:fleet` (runs ' +
      '`tsx fleet.bench.ts` in `bench/`; `FLEET_SECONDS=60` for a short run).',
    '',
    bullets([
      `Date: ${f.date}`,
      `Machine: ${machineNote()}; ${f.settings}; a throwaway redis-server. Everything below ` +
        'shares these cores: the machine was ' +
        `${fixed(busyCores, 2)} cores busy on average during the window, of which the agent ` +
        `workers ${fixed(f.workerMs / f.seconds / 1000, 2)} and the bench's channels ` +
        `${fixed(f.machine.selfMs / f.seconds / 1000, 2)}.`,
      `Method: two built servers (\`apps/server/dist/main.js\`) with \`REDIS_URL\` on one ` +
        `database. ${int(n)} real bridge agents (\`BridgeAgent\` with the \`sim\` adapter, ` +
        `${f.config.workers} worker processes), half on each instance, 10 s beats, the ` +
        `simulated clock at ${f.config.speed}× in a trading session. ${f.botsStarted} of them ` +
        'have their bot configured (`POST /bot/config`, the default configuration) and started ' +
        '(`POST /api/bot/start`): the bot runs on the server, its orders are executed by the ' +
        `agent's simulated terminal (${int(f.commands)} commands in the window) and come back as ` +
        'deals; the reference trader of the others trades on its own. One live channel per ' +
        `trader (${int(f.channels)}: half SSE, half WS, half on the other instance than the ` +
        'agent so their events cross Redis), opened with real tickets. After a ' +
        `${f.config.warmUpSeconds} s warm-up, ${fixed(f.seconds, 0)} s measured. Then the bots ` +
        'stop, the simulated clocks freeze, every outbox drains, and each deal every terminal ' +
        'produced is looked up in `deals`.',
      'Event delivery is the receipt time minus the `at` the publishing instance stamps on the ' +
        'event (same clock, 1 ms resolution).',
    ]),
    '',
    markdownTable(
      ['CPU', 'cores', 'ms per trader per minute', 'cores per 1,000 traders'],
      ['l', 'r', 'r', 'r'],
      cpuRows,
    ),
    '',
    markdownTable(
      ['Memory (MiB)', 'idle, before the fleet', 'end of the window', 'peak in the window'],
      ['l', 'r', 'r', 'r'],
      memRows,
    ),
    '',
    markdownTable(
      [
        'Table',
        'rows inserted / trader / hour',
        'rows updated / trader / hour',
        'rows at end',
        'bytes per row on disk',
      ],
      ['l', 'r', 'r', 'r', 'r'],
      tableRows,
    ),
    '',
    markdownTable(
      ['Event delivery', 'events', 'p50 ms', 'p99 ms'],
      ['l', 'r', 'r', 'r'],
      eventRows,
    ),
    '',
    bullets([
      verdict +
        ` ${int(d.botDeals)} of them came from the ${f.botsStarted} bots' orders; ` +
        `${int(d.pending)} were still unacknowledged when the drain ended.`,
      `Memory per trader: the servers grew ${fixed(((serversEnd - serversIdle) * 1024) / n, 1)} ` +
        `KiB per trader (agent connection, live channel, bot state) and PostgreSQL ` +
        `${fixed(((f.pgMiB - f.idle.postgresMiB) * 1024) / n, 1)} KiB.`,
      `Deals arrive ${f.config.speed}× faster than a real trader's (the simulated clock), while ` +
        'beats, account snapshots and channels run at the real pace: rows of `deals` and what ' +
        'is derived from them are per trader at that speed. ' +
        `${f.channelsClosed} channels closed before the end.`,
      `Start-up under this load: ${int(n)} agents paired and connected in ` +
        `${fixed(f.connectSeconds, 0)} s (their starts spread over 20 s); ${int(f.channels)} ` +
        `channels (ticket, then open) in ${fixed(f.openSeconds, 0)} s, 16 at a time.`,
    ]),
  ].join('\n');
}
