import { endpoints } from '@vortex/core';
import { WebSocket, WebSocketServer } from 'ws';

export interface WireTap {
  url: string;
  /** Deal batches sent on a live connection and not acknowledged on it yet. */
  inFlight: () => number;
  /** The highest `last_ticket` of any deals_ack passed on to the agent. */
  maxAck: () => number;
  /** deals_ack messages passed on to the agent. */
  acks: () => number;
  /** Acks storing fewer deals than their batch held: a resend of deals already committed. */
  dedupedResends: () => number;
  close: () => Promise<void>;
}

interface Frame {
  type?: string;
  batch_id?: string;
  deals?: unknown[];
  last_ticket?: number;
  stored?: number;
}

/**
 * A transparent WebSocket relay between the agent and the server that changes nothing and
 * records the deal traffic, so a test knows which batches were in flight when the server died
 * and every ack the agent was given. When either side goes, the other is cut, as a direct
 * connection would be.
 */
export async function startWireTap(target: string): Promise<WireTap> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const live = new Set<Map<string, number>>();
  let maxAck = 0;
  let acks = 0;
  let deduped = 0;
  server.on('connection', (client) => {
    const upstream = new WebSocket(
      `${target.replace(/^http/, 'ws')}${endpoints.bridge.agent.path}`,
    );
    const sent = new Map<string, number>();
    live.add(sent);
    const early: string[] = [];
    client.on('message', (data: Buffer) => {
      const text = data.toString();
      const m = JSON.parse(text) as Frame;
      if (upstream.readyState === WebSocket.CONNECTING) early.push(text);
      else if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else return;
      if (m.type === 'deals' && m.batch_id) sent.set(m.batch_id, m.deals?.length ?? 0);
    });
    upstream.on('open', () => {
      for (const text of early.splice(0)) upstream.send(text);
    });
    upstream.on('message', (data: Buffer) => {
      const text = data.toString();
      if (client.readyState !== WebSocket.OPEN) return;
      client.send(text);
      const m = JSON.parse(text) as Frame;
      if (m.type !== 'deals_ack' || !m.batch_id) return;
      acks++;
      maxAck = Math.max(maxAck, m.last_ticket ?? 0);
      const size = sent.get(m.batch_id);
      if (size !== undefined && (m.stored ?? 0) < size) deduped++;
      sent.delete(m.batch_id);
    });
    const cut = () => {
      live.delete(sent);
      client.terminate();
      upstream.terminate();
    };
    client.on('close', cut);
    upstream.on('close', cut);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    inFlight: () => [...live].reduce((n, sent) => n + sent.size, 0),
    maxAck: () => maxAck,
    acks: () => acks,
    dedupedResends: () => deduped,
    close: () =>
      new Promise((resolve) => {
        for (const c of server.clients) c.terminate();
        server.close(() => resolve());
      }),
  };
}
