/**
 * A full garbage collection in another Node process, through its inspector (started with
 * `--inspect=127.0.0.1:0`), then its JS heap usage: memory per connection measured without
 * the garbage that happens to be waiting for the next collection.
 */
import WebSocket from 'ws';
import { sleep, type Child } from './processes.js';

export const INSPECT_ARG = '--inspect=127.0.0.1:0';

/** The inspector's WebSocket URL, from the "Debugger listening on ws://..." line. */
export async function inspectorUrl(child: Child, ms = 10_000): Promise<string> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const match = /Debugger listening on (ws:\/\/\S+)/.exec(child.output());
    if (match?.[1]) return match[1];
    await sleep(100);
  }
  throw new Error(`${child.name}: no inspector URL in its output`);
}

/** Collects garbage in the process, then returns its JS heap in use, MiB. */
export async function collectGarbage(url: string): Promise<number> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let id = 0;
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const mine = ++id;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), 30_000);
      const onMessage = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown> };
        if (m.id !== mine) return;
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(m.result ?? {});
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return Number(usage.usedSize) / 2 ** 20;
  } finally {
    ws.close();
  }
}
