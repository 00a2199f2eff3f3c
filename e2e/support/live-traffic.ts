import type { Page, WebSocketRoute } from 'playwright-core';
import { waitForValue } from '../../apps/server/test/wait.js';

export type TrafficEntry =
  { kind: 'frame'; type: string; at: number } | { kind: 'request'; path: string; at: number };

/**
 * What a page says to the API and hears on its live channel, in order. The channel goes
 * through a route, so a test can drop it and refuse reconnections as a dead server would.
 */
export class LiveTraffic {
  readonly entries: TrafficEntry[] = [];
  private sockets: { ws: WebSocketRoute; dropped: boolean }[] = [];
  private blocked = false;

  private constructor(private readonly apiUrl: string) {}

  static async attach(page: Page, apiUrl: string): Promise<LiveTraffic> {
    const traffic = new LiveTraffic(apiUrl);
    page.on('request', (req) => {
      if (!req.url().startsWith(apiUrl) || req.method() !== 'GET') return;
      const path = new URL(req.url()).pathname;
      traffic.entries.push({ kind: 'request', path, at: Date.now() });
    });
    await page.routeWebSocket(/\/api\/bridge\/ws$/, (ws) => traffic.route(ws));
    return traffic;
  }

  private route(ws: WebSocketRoute): void {
    if (this.blocked) {
      void ws.close({ code: 1012, reason: 'bloqueado pelo teste' });
      return;
    }
    const socket = { ws, dropped: false };
    this.sockets.push(socket);
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      // A dropped channel hears nothing more: what the server had on the way is lost with it.
      if (socket.dropped) return;
      try {
        const type = (JSON.parse(String(m)) as { type?: string }).type ?? '';
        this.entries.push({ kind: 'frame', type, at: Date.now() });
      } catch {
        // Not JSON: not an event, still passed on.
      }
      ws.send(m);
    });
  }

  /**
   * Drops every open channel and refuses new ones until `unblock`; no frame is recorded or
   * passed on after it returns.
   */
  async block(): Promise<void> {
    this.blocked = true;
    const open = this.sockets;
    this.sockets = [];
    for (const socket of open) socket.dropped = true;
    await Promise.all(
      open.map(({ ws }) => ws.close({ code: 1012, reason: 'bloqueado pelo teste' })),
    );
  }

  unblock(): void {
    this.blocked = false;
  }

  mark(): number {
    return this.entries.length;
  }

  since(mark: number): TrafficEntry[] {
    return this.entries.slice(mark);
  }

  /** Resolves with the traffic index once `match` holds for an entry at or after `from`. */
  async waitFor(
    what: string,
    match: (e: TrafficEntry) => boolean,
    from: number,
    timeoutMs = 60_000,
  ): Promise<number> {
    return waitForValue(
      () => {
        const i = this.entries.findIndex((e, n) => n >= from && match(e));
        return i === -1 ? undefined : i;
      },
      `esperado: ${what}`,
      { timeoutMs, intervalMs: 50 },
    );
  }
}

/**
 * The requests of `entries` that no live event explains: a request to a path is explained when
 * one of its trigger events arrived after the previous request to that path.
 */
export function unexplainedRequests(
  entries: TrafficEntry[],
  triggers: Record<string, readonly string[]>,
): string[] {
  const armed = new Map<string, boolean>();
  const unexplained: string[] = [];
  for (const e of entries) {
    if (e.kind === 'frame') {
      for (const [path, types] of Object.entries(triggers))
        if (types.includes(e.type)) armed.set(path, true);
      continue;
    }
    if (!(e.path in triggers)) continue;
    if (armed.get(e.path)) armed.set(e.path, false);
    else unexplained.push(e.path);
  }
  return unexplained;
}
