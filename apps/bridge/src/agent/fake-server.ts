import type { AddressInfo } from 'node:net';
import { AgentMessageSchema, endpoints, type AgentMessage, type ServerMessage } from '@vortex/core';
import { WebSocketServer, type WebSocket } from 'ws';

type Of<T extends AgentMessage['type']> = Extract<AgentMessage, { type: T }>;
type Deals = Of<'deals'>;

export interface FakeServerOptions {
  /** Listen on this port (a restart of the same server); a free one by default. */
  port?: number;
  /** The answer to every batch; by default it acknowledges the whole batch as stored. */
  onDeals?: (m: Deals) => ServerMessage | undefined;
}

/** The plain answer to a batch: all stored. */
export const ackAll = (m: Deals): ServerMessage => ({
  type: 'deals_ack',
  batch_id: m.batch_id,
  last_ticket: m.deals.at(-1)?.ticket ?? 0,
  stored: m.deals.length,
});

/**
 * A stand-in for the Vórtex server's agent endpoint, for tests: it accepts any pairing, answers
 * hello with resume, checks every agent message against the protocol and queues it by type.
 * A test can make it refuse upgrades, close with a code, or send what it likes.
 */
export class FakeServer {
  private readonly inbox: AgentMessage[] = [];
  private wake: (() => void) | undefined;
  private socket: WebSocket | undefined;
  readonly invalid: unknown[] = [];
  /** Every batch the agent sent, in order, across connections. */
  readonly batches: Deals[] = [];
  /** WebSocket connections accepted so far. */
  connections = 0;
  /** While set, upgrades are answered with this HTTP status instead of a WebSocket. */
  upgradeStatus: number | undefined;
  /** Upgrades answered with `upgradeStatus` so far. */
  refusedUpgrades = 0;
  /** While set, every auth is refused with this error, as the real server refuses (4401). */
  authError: string | undefined;
  /** Returns nothing to leave the batch unanswered (its ack lost). */
  onDeals: (m: Deals) => ServerMessage | undefined;

  private constructor(
    private readonly wss: WebSocketServer,
    opts: FakeServerOptions,
  ) {
    this.onDeals = opts.onDeals ?? ackAll;
    wss.on('connection', (ws) => {
      this.connections++;
      this.socket = ws;
      ws.on('message', (data: Buffer) => this.onMessage(ws, JSON.parse(data.toString())));
    });
  }

  static async start(opts: FakeServerOptions = {}): Promise<FakeServer> {
    const holder: { server?: FakeServer } = {};
    const wss = new WebSocketServer({
      host: '127.0.0.1',
      port: opts.port ?? 0,
      path: endpoints.bridge.agent.path,
      verifyClient: (_info, done) => {
        const server = holder.server;
        const status = server?.upgradeStatus;
        if (!server || status === undefined) {
          done(true);
          return;
        }
        server.refusedUpgrades++;
        done(false, status);
      },
    });
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve);
      wss.once('error', reject);
    });
    holder.server = new FakeServer(wss, opts);
    return holder.server;
  }

  get port(): number {
    return (this.wss.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  send(message: ServerMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  /** Sends a frame as is: garbage, or a message of another protocol. */
  sendRaw(frame: string): void {
    this.socket?.send(frame);
  }

  /** Drops the agent's connection, as a network cut would (the agent sees 1006). */
  cut(): void {
    this.socket?.terminate();
  }

  /** Closes the agent's connection with this code, as a server in trouble does (1011, 1013). */
  closeWith(code: number): void {
    this.socket?.close(code, 'fake server');
  }

  async next<T extends AgentMessage['type']>(type: T, timeoutMs = 10_000): Promise<Of<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.inbox.findIndex((m) => m.type === type);
      if (index >= 0) return this.inbox.splice(index, 1)[0] as Of<T>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${type}" message from the agent`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Forgets what the agent sent so far: the next `next` waits for something new. */
  drain(): void {
    this.inbox.length = 0;
  }

  close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }

  private onMessage(ws: WebSocket, raw: unknown): void {
    const parsed = AgentMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.invalid.push(raw);
      return;
    }
    const m = parsed.data;
    const reply = (s: ServerMessage) => ws.send(JSON.stringify(s));
    if (m.type === 'auth' && this.authError !== undefined) {
      reply({ type: 'auth_error', error: this.authError });
      ws.close(4401, 'unauthorized');
    } else if (m.type === 'auth') {
      reply({
        type: 'auth_ok',
        protocol: 1,
        session_token: 'sessao-de-teste-com-mais-de-vinte-caracteres',
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        server_time: Date.now(),
      });
    } else if (m.type === 'hello') {
      reply({ type: 'resume', account_number: m.account_number, last_deal_ticket: 0 });
    } else if (m.type === 'deals') {
      this.batches.push(m);
      const answer = this.onDeals(m);
      if (answer) reply(answer);
    }
    this.inbox.push(m);
    this.wake?.();
  }
}
