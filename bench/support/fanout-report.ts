/** The section bench/fanout.bench.ts writes, in the RESULTS.md style. */
import { bullets, fixed, machineNote, markdownTable, percentileOf } from './report.js';

interface KindResult {
  /** Server CPU ms per channel: obtaining its ticket, and opening it. */
  ticketMs: number;
  openMs: number;
  /** Growth per open channel: JS heap after a full collection, and resident memory. */
  heapKiB: number;
  rssKiB: number;
  /** Server RSS with all the channels of the kind open. */
  rssMiB: number;
  /** Server CPU per event beyond its trigger's own. */
  eventCpuMs: number;
  /** The server's CPU while idle with the channels open (its timers), % of a core. */
  idleCpuPct: number;
  /** The machine's 1-minute load average after the events. */
  load: number;
  /** Per event, ms from its trigger until the last channel heard it. */
  last: number[];
  /** Per event, ms from its publication (the server's `at` stamp) until the last one heard it. */
  fromPublish: number[];
}

export interface FanoutResult {
  name: string;
  triggerCpuMs: number;
  /** Round trips of the trigger alone, no channel open, ms. */
  triggerWallMs: number[];
  sse: KindResult;
  ws: KindResult;
}

const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
const ratio = (a: number, b: number) => `${fixed(a / b, 2)}×`;

export function reportFanout(r: {
  date: string;
  channels: number;
  events: number;
  admins: number;
  load: number;
  bare: FanoutResult;
  vortex: FanoutResult;
}): string {
  const { bare, vortex: v } = r;
  const p = (x: number[], q: number) => percentileOf(sorted(x), q);
  const rows: string[][] = [];
  for (const kind of ['sse', 'ws'] as const) {
    const [vk, bk] = [v[kind], bare[kind]];
    const name = kind.toUpperCase();
    const row = (what: string, vx: number, bx: number, unit: string, digits = 1) =>
      rows.push([
        `${name}: ${what}`,
        `${fixed(vx, digits)} ${unit}`,
        `${fixed(bx, digits)} ${unit}`,
        ratio(vx, bx),
      ]);
    row('last delivery p50', p(vk.last, 50), p(bk.last, 50), 'ms');
    row('last delivery p99', p(vk.last, 99), p(bk.last, 99), 'ms');
    row('… from its publication, p50', p(vk.fromPublish, 50), p(bk.fromPublish, 50), 'ms');
    row('… from its publication, p99', p(vk.fromPublish, 99), p(bk.fromPublish, 99), 'ms');
    row('server CPU per event', vk.eventCpuMs, bk.eventCpuMs, 'ms', 2);
    row('JS heap per connection', vk.heapKiB, bk.heapKiB, 'KiB', 2);
    row('RSS per connection', vk.rssKiB, bk.rssKiB, 'KiB', 2);
    row('server CPU per open (channel)', vk.openMs, bk.openMs, 'ms', 3);
    row('… with its ticket request', vk.openMs + vk.ticketMs, bk.openMs, 'ms', 3);
  }
  const table = markdownTable(
    ['Figure', 'Vórtex', 'Bare node', 'Ratio'],
    ['l', 'r', 'r', 'r'],
    rows,
  );
  const idle = `Server CPU while idle with the channels open, subtracted from each event's window: Vórtex ${fixed(v.sse.idleCpuPct, 1)} % (SSE) and ${fixed(v.ws.idleCpuPct, 1)} % (WS) of a core; bare ${fixed(bare.sse.idleCpuPct, 1)} and ${fixed(bare.ws.idleCpuPct, 1)} %. Machine load average (1 min) after each kind's events: Vórtex ${fixed(v.sse.load, 2)} / ${fixed(v.ws.load, 2)}, bare ${fixed(bare.sse.load, 2)} / ${fixed(bare.ws.load, 2)} (other helpers' builds and tests share the machine).`;
  const rss = `Server RSS with the channels open: Vórtex ${fixed(v.sse.rssMiB, 0)} MiB (SSE), ${fixed(v.ws.rssMiB, 0)} MiB (WS); bare ${fixed(bare.sse.rssMiB, 0)} and ${fixed(bare.ws.rssMiB, 0)} MiB.`;
  return `## Live fan-out: ${r.channels.toLocaleString('en-US')} SSE + ${r.channels.toLocaleString('en-US')} WS channels

Command: \`flock /tmp/vortex-bench.lock npm run bench:fanout -w bench\` (after
\`npm run build\`). Run ${r.date}. Machine: ${machineNote()}; load average ${fixed(r.load, 2)} at the
start.

${bullets([
  `Method: the built server on a fresh database; ${r.admins.toLocaleString('en-US')} admins signed in (sessions made in the database), each opening 10 channels (the per-user cap), SSE first, then (those closed) WS: 20,000 descriptors per process is this machine's hard limit; tickets from the real route, in batches of 2,500 (tickets live 30 s). Clients in the benchmark's process over raw sockets (SSE) and \`ws\`, spread over 8 loopback source addresses. One trader's POST /bridge/session/terminate publishes a session event that every admin channel hears; ${r.events} events after 3 warm-ups, 200 ms apart. The reference, first in the same run: a bare node:http + ws server (\`bench/support/bare-live.ts\`) that writes the same payload, serialised once, to as many clients when POSTed.`,
  `Last delivery: from sending the trigger to the last channel hearing the event (client clock). Server CPU per event: the server process's CPU from the trigger to the last delivery, minus its idle CPU over that time and minus the same trigger's CPU with no channel open (Vórtex ${fixed(v.triggerCpuMs, 2)} ms, bare ${fixed(bare.triggerCpuMs, 2)} ms). From its publication: from the event's \`at\` stamp (the server's wall clock as it publishes, ms resolution, on both servers) to the last delivery, which leaves out what the trigger did first: Vórtex's stores the session's end (a commit) before it publishes. The trigger alone, no channel open, took p50 ${fixed(p(v.triggerWallMs, 50), 1)} ms (Vórtex) and ${fixed(p(bare.triggerWallMs, 50), 1)} ms (bare) from request to answer. Memory per connection: growth over the opens of the JS heap after a full collection (inspector), and of RSS. Open CPU: server CPU while the channels of a batch open, per channel.`,
  idle,
  rss,
])}

${table}
`;
}
