import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';

export interface Drop {
  at: number;
  code: number;
}

/**
 * A trader's browser tab on the live channel (/api/bridge/ws), reconnecting as the web app does
 * (a fresh ticket, 500 ms doubling to 15 s): it records every message and every drop.
 */
export class LiveWatch {
  readonly received: { at: number; m: Record<string, unknown> }[] = [];
  readonly drops: Drop[] = [];
  private ws: WebSocket | undefined;
  private closed = false;
  private opened: Promise<void> = Promise.resolve();
  connectedAt = 0;

  constructor(
    private readonly base: () => string,
    private readonly token: string,
  ) {}

  /** Opens the channel; resolves once the server said ws_connected. */
  async open(): Promise<void> {
    this.opened = this.connect();
    await this.opened;
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  private async connect(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      try {
        await this.once();
        return;
      } catch {
        await sleep(Math.random() * Math.min(15_000, 500 * 2 ** attempt));
      }
    }
  }

  private async once(): Promise<void> {
    const res = await fetch(`${this.base()}/api/bridge/events/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`ticket: HTTP ${res.status}`);
    const { ticket } = (await res.json()) as { ticket: string };
    const ws = new WebSocket(`${this.base().replace(/^http/, 'ws')}/api/bridge/ws`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('ws_connected did not come')), 5_000);
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      ws.once('open', () => ws.send(JSON.stringify({ ticket })));
      ws.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as Record<string, unknown>;
        this.received.push({ at: Date.now(), m });
        if (m.type === 'ws_connected') {
          clearTimeout(timer);
          resolve();
        }
      });
      ws.once('close', () => {
        clearTimeout(timer);
        reject(new Error('closed before ws_connected'));
      });
    });
    this.ws = ws;
    this.connectedAt = Date.now();
    ws.once('close', (code) => {
      if (this.closed) return;
      this.drops.push({ at: Date.now(), code });
      this.opened = this.connect();
    });
  }

  /** Waits for a message after `since` that matches; throws after `timeoutMs`. */
  async waitFor(
    match: (m: Record<string, unknown>) => boolean,
    since: number,
    timeoutMs = 30_000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find((r) => r.at >= since && match(r.m));
      if (hit) return hit.m;
      if (Date.now() > deadline)
        throw new Error(
          `no live message matched since ${new Date(since).toISOString()}; last: ${JSON.stringify(this.received.slice(-3).map((r) => r.m.type))}`,
        );
      await sleep(50);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ws?.close();
    await this.opened.catch(() => undefined);
  }
}
