import {
  BridgeEventSchema,
  LIVE_BACKOFF_BASE_MS,
  LIVE_BACKOFF_MAX_MS,
  LIVE_EVENT_HISTORY,
  endpoints,
  type BridgeEvent,
} from '@vortex/core';
import { apiUrl } from '../../config/runtime-config';
import { requestEndpoint } from '../../lib/api-client';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveSnapshot {
  status: LiveStatus;
  /** The newest events last, at most LIVE_EVENT_HISTORY of them. */
  events: readonly BridgeEvent[];
  /** Every event received since the page opened (the admin panel's counter). */
  received: number;
}

/** The reconnect ceiling after `attempt` failures: 500 ms doubled per attempt, at most 15 s. */
export function backoffCeiling(attempt: number): number {
  return Math.min(LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_BASE_MS * 2 ** attempt);
}

/**
 * The reconnect delay: anywhere up to the ceiling ("full jitter"), so the browsers a server
 * restart dropped all at once come back spread over the window instead of in one burst.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * backoffCeiling(attempt));
}

type Listener = (e: BridgeEvent) => void;

/**
 * One live channel per tab: a single-use ticket (asked with the bearer token), then the
 * WebSocket, which sends the ticket as its first message. It reconnects with jittered backoff
 * for as long as it is started, and keeps the last 300 events.
 */
export class LiveConnection {
  private snapshot: LiveSnapshot = { status: 'closed', events: [], received: 0 };
  private readonly watchers = new Set<() => void>();
  private readonly listeners = new Set<Listener>();
  private socket: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private running = false;

  constructor(
    private readonly wsUrl: () => string = defaultWsUrl,
    private readonly random: () => number = Math.random,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.socket?.close(1000, 'logout');
    this.socket = undefined;
    this.update({ status: 'closed' });
  }

  getSnapshot = (): LiveSnapshot => this.snapshot;

  subscribe = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  };

  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(patch: Partial<LiveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const w of this.watchers) w();
  }

  private async connect(): Promise<void> {
    this.update({ status: 'connecting' });
    let ticket: string;
    try {
      const res = await requestEndpoint(endpoints.live.ticket);
      const parsed = endpoints.live.ticket.response.safeParse(res.data);
      if (!res.ok || !parsed.success) throw new Error(`HTTP ${res.status}`);
      ticket = parsed.data.ticket;
    } catch {
      this.retry();
      return;
    }
    if (!this.running) return;
    const ws = new WebSocket(this.wsUrl());
    this.socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ ticket }));
    ws.onmessage = (m: MessageEvent<string>) => this.receive(m.data);
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = undefined;
      this.retry();
    };
  }

  private receive(raw: string): void {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    if ((json as { type?: unknown }).type === 'ws_connected') {
      this.attempt = 0;
      this.update({ status: 'open' });
      return;
    }
    const parsed = BridgeEventSchema.safeParse(json);
    if (!parsed.success) return;
    const e = parsed.data;
    const events = [...this.snapshot.events, e].slice(-LIVE_EVENT_HISTORY);
    this.update({ events, received: this.snapshot.received + 1 });
    for (const l of this.listeners) l(e);
  }

  private retry(): void {
    if (!this.running) return;
    this.update({ status: 'closed' });
    const delay = backoffDelay(this.attempt++, this.random);
    this.timer = setTimeout(() => void this.connect(), delay);
  }
}

function defaultWsUrl(): string {
  return `${apiUrl().replace(/^http/, 'ws')}${endpoints.live.ws.path}`;
}
