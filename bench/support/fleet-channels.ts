/**
 * The fleet's browsers: live channels opened the way the web app opens them (a single-use ticket
 * from `POST /api/bridge/events/ticket`, then SSE on `/bridge/events` or WebSocket on
 * `/api/bridge/ws`). Each event's delivery time is its receipt minus the `at` its publishing
 * instance stamped on it (same machine, same clock; millisecond resolution).
 */
import http from 'node:http';
import WebSocket from 'ws';
import { sleep } from './processes.js';

export type ChannelKind = 'sse' | 'ws';

export interface ChannelSpec {
  apiUrl: string;
  token: string;
  kind: ChannelKind;
  /** The event reaches this channel through Redis (its agent is on the other instance). */
  viaRedis: boolean;
}

export class DeliveryLog {
  /** Latencies in ms, per event type and path, while recording. */
  readonly samples = new Map<string, number[]>();
  recording = false;
  received = 0;
  closedEarly = 0;

  add(raw: string, spec: ChannelSpec): void {
    const at = Date.now();
    let e: { type?: string; at?: string };
    try {
      e = JSON.parse(raw) as { type?: string; at?: string };
    } catch {
      return;
    }
    if (typeof e.at !== 'string' || typeof e.type !== 'string') return;
    this.received++;
    if (!this.recording) return;
    const key = `${e.type}|${spec.viaRedis ? 'redis' : 'local'}|${spec.kind}`;
    let list = this.samples.get(key);
    if (!list) this.samples.set(key, (list = []));
    list.push(at - Date.parse(e.at));
  }

  /** Every latency whose key passes the filter, sorted. */
  sorted(filter: (type: string, path: string, kind: string) => boolean): number[] {
    const all: number[] = [];
    for (const [key, list] of this.samples) {
      const [type = '', path = '', kind = ''] = key.split('|');
      if (filter(type, path, kind)) all.push(...list);
    }
    return all.sort((a, b) => a - b);
  }
}

async function ticketFor(spec: ChannelSpec): Promise<string> {
  const res = await fetch(`${spec.apiUrl}/api/bridge/events/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${spec.token}` },
  });
  if (res.status !== 201) throw new Error(`ticket: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { ticket: string }).ticket;
}

function openSse(spec: ChannelSpec, ticket: string, log: DeliveryLog): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${spec.apiUrl}/bridge/events?ticket=${encodeURIComponent(ticket)}`,
      { agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`SSE: HTTP ${res.statusCode}`));
          res.resume();
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trimStart())
              .join('\n');
            if (data) log.add(data, spec);
          }
        });
        res.on('close', () => log.closedEarly++);
        req.setTimeout(0);
        resolve(() => req.destroy());
      },
    );
    req.on('error', reject);
    // No answer at all would hang the opening: give up and let the caller retry.
    req.setTimeout(30_000, () => req.destroy(new Error('SSE: no answer in 30 s')));
  });
}

function openWs(spec: ChannelSpec, ticket: string, log: DeliveryLog): Promise<() => void> {
  const ws = new WebSocket(`${spec.apiUrl.replace(/^http/, 'ws')}/api/bridge/ws`, {
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => ws.send(JSON.stringify({ ticket })));
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.includes('"ws_connected"')) resolve(() => ws.terminate());
      else if (text.includes('"error"')) reject(new Error(`WS: ${text}`));
      else log.add(text, spec);
    });
    ws.on('close', (code) => {
      log.closedEarly++;
      // Closed before it was ready: the promise above would otherwise never settle.
      reject(new Error(`WS closed while opening (${code})`));
    });
  });
}

/** Opens every channel, `parallel` at a time; resolves with a function that closes them all. */
export async function openChannels(
  specs: ChannelSpec[],
  log: DeliveryLog,
  parallel = 16,
): Promise<() => void> {
  const closers: (() => void)[] = [];
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      if (!spec) return;
      for (let attempt = 1; ; attempt++) {
        try {
          const ticket = await ticketFor(spec);
          const open = spec.kind === 'sse' ? openSse : openWs;
          closers.push(await open(spec, ticket, log));
          break;
        } catch (err) {
          if (attempt >= 3) throw err;
          await sleep(500 * attempt);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return () => {
    for (const close of closers) close();
  };
}
