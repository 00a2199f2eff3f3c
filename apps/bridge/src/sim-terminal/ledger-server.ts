import { isDeepStrictEqual } from 'node:util';
import type { AddressInfo } from 'node:net';
import { AgentMessageSchema, endpoints, type Mt5Deal, type ServerMessage } from '@vortex/core';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A stand-in for the server's agent endpoint, for process-level tests: it accepts any pairing
 * and stores deals as the real server does, once per ticket (a deal sent again is a no-op, one
 * sent again with other fields is a conflict). `holdAcks` stores batches without acknowledging
 * them, as a server that commits and then loses the connection before its ack goes out.
 */
export class LedgerServer {
  private readonly deals = new Map<number, Mt5Deal>();
  readonly conflicts: { stored: Mt5Deal; sent: Mt5Deal }[] = [];
  readonly invalid: unknown[] = [];
  /** mt5_alive of every heartbeat, in order of arrival. */
  readonly beats: boolean[] = [];
  holdAcks = false;
  /** Batches stored while acks were held. */
  unacked = 0;

  private constructor(private readonly wss: WebSocketServer) {
    wss.on('connection', (ws) => {
      ws.on('message', (data: Buffer) => this.onMessage(ws, JSON.parse(data.toString())));
    });
  }

  static async start(): Promise<LedgerServer> {
    const wss = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      path: endpoints.bridge.agent.path,
    });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    return new LedgerServer(wss);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
  }

  /** The stored deals in ticket order. */
  stored(): Mt5Deal[] {
    return [...this.deals.values()].sort((a, b) => a.ticket - b.ticket);
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
    switch (m.type) {
      case 'auth':
        reply({
          type: 'auth_ok',
          protocol: 1,
          session_token: 'sessao-de-teste-com-mais-de-vinte-caracteres',
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          server_time: Date.now(),
        });
        return;
      case 'hello':
        reply({
          type: 'resume',
          account_number: m.account_number,
          last_deal_ticket: this.stored().at(-1)?.ticket ?? 0,
        });
        return;
      case 'heartbeat':
        this.beats.push(m.mt5_alive);
        return;
      case 'deals':
        for (const deal of m.deals) this.store(deal);
        if (this.holdAcks) {
          this.unacked++;
          return;
        }
        reply({
          type: 'deals_ack',
          batch_id: m.batch_id,
          last_ticket: m.deals.at(-1)?.ticket ?? 0,
          stored: m.deals.length,
        });
        return;
      default:
        return;
    }
  }

  private store(deal: Mt5Deal): void {
    const stored = this.deals.get(deal.ticket);
    if (!stored) this.deals.set(deal.ticket, deal);
    else if (!isDeepStrictEqual(stored, deal)) this.conflicts.push({ stored, sent: deal });
  }
}
