import type { ServerMessage } from '@vortex/core';
import WebSocket from 'ws';
import { waitUntil } from './wait.js';

/** A scripted agent over a real WebSocket: send messages, await the server's answers in order. */
export class TestAgent {
  private readonly inbox: ServerMessage[] = [];
  private waiting: ((m: ServerMessage) => void) | undefined;
  closed: { code: number } | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = undefined;
        w(m);
      } else this.inbox.push(m);
    });
    ws.on('close', (code) => {
      this.closed = { code };
    });
  }

  static async connect(baseUrl: string): Promise<TestAgent> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/bridge/agent`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new TestAgent(ws);
  }

  send(m: object): void {
    this.ws.send(JSON.stringify(m));
  }

  next(timeoutMs = 5000): Promise<ServerMessage> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message from the server')), timeoutMs);
      this.waiting = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
    });
  }

  /**
   * A barrier on this socket: the server handles an agent's messages in order, so its answer to
   * a message it cannot read comes after everything it sent for the ones before. Returns what
   * came meanwhile (left unanswered).
   */
  async roundTrip(timeoutMs = 5000): Promise<ServerMessage[]> {
    this.send({ type: 'barrier' });
    const before: ServerMessage[] = [];
    for (;;) {
      const m = await this.next(timeoutMs);
      if (m.type === 'error' && !m.ref) return before;
      before.push(m);
    }
  }

  async waitClosed(timeoutMs = 5000): Promise<number> {
    await waitUntil(() => this.closed !== undefined, 'socket still open', { timeoutMs });
    return this.closed?.code ?? 0;
  }

  close(): void {
    this.ws.close();
  }
}

export function testDeal(ticket: number, over: Record<string, unknown> = {}) {
  return {
    ticket,
    order: ticket,
    position_id: 1000 + Math.floor((ticket + 1) / 2),
    symbol: 'WINZ25',
    type: ticket % 2,
    entry: ticket % 2 === 1 ? 0 : 1,
    volume: 1,
    price: 125_000 + ticket * 5,
    profit: ticket % 2 === 1 ? 0 : 10,
    commission: -0.25,
    swap: 0,
    magic: 135000,
    reason: 3,
    time: 1_763_730_000 + ticket,
    time_msc: (1_763_730_000 + ticket) * 1000,
    ...over,
  };
}

/** A trader's agent paired with a fresh token and past hello, its resume already read. */
export async function pairTestAgent(
  app: { inject: (o: object) => Promise<{ json: () => unknown }> },
  base: string,
  user: { token: string },
  accountNumber: number,
  /** What the hello says beside the number: a dollar or a hedging account. */
  account: { currency?: string; margin_mode?: 'netting' | 'hedging' } = {},
): Promise<TestAgent> {
  const created = await app.inject({
    method: 'POST',
    url: '/bridge/token/create',
    headers: { authorization: `Bearer ${user.token}` },
  });
  const agent = await TestAgent.connect(base);
  agent.send({
    type: 'auth',
    protocol: 1,
    client_version: '0.1.0',
    pairing_token: (created.json() as { token: string }).token,
  });
  const ok = await agent.next();
  if (ok.type !== 'auth_ok') throw new Error(`pairing refused: ${JSON.stringify(ok)}`);
  agent.send({
    type: 'hello',
    account_number: accountNumber,
    server: 'Vortex-Demo',
    currency: account.currency ?? 'BRL',
    margin_mode: account.margin_mode ?? 'netting',
    trade_mode: 'demo',
    client_version: '0.1.0',
  });
  await agent.next();
  return agent;
}
