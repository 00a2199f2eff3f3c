import { endpoints } from '@vortex/core';
import { WebSocket, WebSocketServer } from 'ws';

export interface ChaosOptions {
  /** The server's base URL (http://127.0.0.1:port). */
  target: string;
  dropRate: number;
  duplicateRate: number;
  /** Held back and delivered after the next message on the same direction. */
  reorderRate: number;
  /** Cut the connection (both sides) after this many messages, drawn per connection. */
  cutAfter: () => number;
  random: () => number;
}

export interface ChaosProxy {
  url: string;
  cuts: () => number;
  close: () => Promise<void>;
}

/** A WebSocket relay that loses, repeats, reorders and cuts, for testing what the agent survives. */
export async function startChaosProxy(o: ChaosOptions): Promise<ChaosProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  let cuts = 0;
  server.on('connection', (client) => {
    const upstream = new WebSocket(
      `${o.target.replace(/^http/, 'ws')}${endpoints.bridge.agent.path}`,
    );
    const budget = o.cutAfter();
    let seen = 0;
    const pendingToUpstream: string[] = [];
    const cut = () => {
      client.terminate();
      upstream.terminate();
    };
    const relay = (to: WebSocket, held: { msg?: string }) => (data: Buffer) => {
      if (++seen >= budget) {
        cuts++;
        cut();
        return;
      }
      const text = data.toString();
      const deliver = (m: string) => {
        if (to === upstream && upstream.readyState === WebSocket.CONNECTING)
          pendingToUpstream.push(m);
        else if (to.readyState === WebSocket.OPEN) to.send(m);
      };
      const r = o.random();
      if (r < o.dropRate) return;
      if (r < o.dropRate + o.reorderRate && held.msg === undefined) {
        held.msg = text;
        return;
      }
      deliver(text);
      if (r > 1 - o.duplicateRate) deliver(text);
      if (held.msg !== undefined) {
        deliver(held.msg);
        held.msg = undefined;
      }
    };
    upstream.on('open', () => {
      for (const m of pendingToUpstream.splice(0)) upstream.send(m);
    });
    client.on('message', relay(upstream, {}));
    upstream.on('message', relay(client, {}));
    client.on('close', () => upstream.terminate());
    upstream.on('close', () => client.terminate());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    cuts: () => cuts,
    close: () =>
      new Promise((resolve) => {
        for (const c of server.clients) c.terminate();
        server.close(() => resolve());
      }),
  };
}
