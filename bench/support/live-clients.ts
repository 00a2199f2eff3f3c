/**
 * Many light live-channel clients in this process for bench/fanout.bench.ts: SSE over raw
 * sockets (no http.Agent per stream) and WebSockets, spread over several loopback source
 * addresses so 20,000 sockets never run out of ephemeral ports. Each counts the events it
 * hears; the Deliveries record when the last channel heard each one.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const SOURCES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
let nextSource = 0;
const source = () => SOURCES[nextSource++ % SOURCES.length];

/** The event type each published event carries (a session and claim event: admins hear it). */
export const MARKER = 'bridge_terminated';

const SSE_MARKER = `event: ${MARKER}`;

export type Kind = 'sse' | 'ws';

const AT = /"at":"([^"]+)"/;

/**
 * Per published event (by order): how many channels heard it, when the last one did, and when
 * the server published it (its `at` stamp, wall clock, read from the first delivery).
 */
export class Deliveries {
  readonly heard: number[] = [];
  readonly last: Record<Kind, number[]> = { sse: [], ws: [] };
  readonly publishedAt: number[] = [];

  /** `text` holds the event's payload from `from` on (a later delivery reads it if cut off). */
  record(kind: Kind, index: number, text: string, from = 0): void {
    this.heard[index] = (this.heard[index] ?? 0) + 1;
    this.last[kind][index] = performance.now();
    if (this.publishedAt[index] === undefined) {
      const at = Date.parse(AT.exec(text.slice(from))?.[1] ?? '');
      if (!Number.isNaN(at)) this.publishedAt[index] = at;
    }
  }
}

export interface Channel {
  close: () => void;
}

/** Opens an event stream at `path`; resolves once its `ready` event arrived. */
export function openSse(port: number, path: string, deliveries: Deliveries): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: source() });
    let seen = 0;
    let ready = false;
    let carry = '';
    socket.setEncoding('utf8');
    socket.once('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`),
    );
    socket.on('data', (chunk: string) => {
      const text = carry + chunk;
      if (!ready) {
        if (!text.startsWith('HTTP/1.1 200')) {
          socket.destroy();
          reject(new Error(`SSE refused: ${text.slice(0, 200)}`));
          return;
        }
        if (!text.includes('event: ready')) {
          carry = text;
          return;
        }
        ready = true;
        resolve({ close: () => socket.destroy() });
      }
      for (let at = text.indexOf(SSE_MARKER); at !== -1; at = text.indexOf(SSE_MARKER, at + 1)) {
        deliveries.record('sse', seen++, text, at);
      }
      // A marker split across two reads is found whole in the next one.
      carry = text.slice(-SSE_MARKER.length + 1);
    });
    socket.on('error', reject);
  });
}

/** Opens a WebSocket at `url` and sends `first`; resolves once `ws_connected` arrived. */
export function openWs(url: string, first: string, deliveries: Deliveries): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, localAddress: source() });
    let seen = 0;
    ws.once('open', () => ws.send(first));
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.includes(MARKER)) deliveries.record('ws', seen++, text);
      else if (text.includes('ws_connected')) resolve({ close: () => ws.terminate() });
      else reject(new Error(`WebSocket refused: ${text.slice(0, 200)}`));
    });
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`WebSocket closed ${code}`)));
  });
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
