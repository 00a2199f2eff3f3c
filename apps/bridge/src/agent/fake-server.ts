import type { AddressInfo } from 'node:net';
import { AgentMessageSchema, type AgentMessage, type ServerMessage } from '@vortex/core';
import { WebSocketServer, type WebSocket } from 'ws';

type Of<T extends AgentMessage['type']> = Extract<AgentMessage, { type: T }>;

/**
 * A stand-in for the Vórtex server's agent endpoint, for tests: it accepts any pairing, answers
 * hello with resume, checks every agent message against the protocol and queues it by type.
 */
export class FakeServer {
  private readonly inbox: AgentMessage[] = [];
  private wake: (() => void) | undefined;
  private socket: WebSocket | undefined;
  readonly invalid: unknown[] = [];

  private constructor(private readonly wss: WebSocketServer) {
    wss.on('connection', (ws) => {
      this.socket = ws;
      ws.on('message', (data: Buffer) => this.onMessage(ws, JSON.parse(data.toString())));
    });
  }

  static async start(): Promise<FakeServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/bridge/agent' });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    return new FakeServer(wss);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
  }

  send(message: ServerMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  /** Drops the agent's connection, as a network cut would. */
  cut(): void {
    this.socket?.terminate();
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
    if (m.type === 'auth') {
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
      const last = m.deals.at(-1)?.ticket ?? 0;
      reply({ type: 'deals_ack', batch_id: m.batch_id, last_ticket: last, stored: m.deals.length });
    }
    this.inbox.push(m);
    this.wake?.();
  }
}
