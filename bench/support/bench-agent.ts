/**
 * A bare agent for the benchmarks: one WebSocket to `/bridge/agent`, the handshake (auth with a
 * pairing token, hello, resume), then whatever the benchmark sends. Deal acks are routed by
 * batch id; anything unexpected (an error, a revocation, a close) fails the waiting call.
 */
import type { ServerMessage } from '@vortex/core';
import WebSocket from 'ws';

type Ack = Extract<ServerMessage, { type: 'deals_ack' }>;

export const HELLO_BASE = {
  type: 'hello',
  server: 'XPMT5-DEMO',
  company: 'XP Investimentos',
  currency: 'BRL',
  margin_mode: 'netting',
  trade_mode: 'demo',
  client_version: '0.1.0-bench',
} as const;

export class BenchAgent {
  private waiting: { resolve: (m: ServerMessage) => void; reject: (e: Error) => void } | undefined;
  private readonly acks = new Map<
    string,
    { resolve: (a: Ack) => void; reject: (e: Error) => void }
  >();
  private failure: Error | undefined;
  private closing = false;
  /** Called once when the connection fails: an unexpected message or close, a socket error. */
  onFailure: (err: Error) => void = () => undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.type === 'deals_ack') {
        const done = this.acks.get(m.batch_id);
        this.acks.delete(m.batch_id);
        if (done) done.resolve(m);
        else this.fail(new Error(`unexpected ack ${m.batch_id}`));
        return;
      }
      const w = this.waiting;
      this.waiting = undefined;
      if (w) w.resolve(m);
      else this.fail(new Error(`unexpected message: ${JSON.stringify(m).slice(0, 300)}`));
    });
    ws.on('close', (code) => this.fail(new Error(`socket closed (${code})`)));
    ws.on('error', (err) => this.fail(err));
  }

  static async connect(apiUrl: string): Promise<BenchAgent> {
    const ws = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/bridge/agent`, {
      perMessageDeflate: false,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new BenchAgent(ws);
  }

  get closed(): boolean {
    return this.ws.readyState !== WebSocket.OPEN;
  }

  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    this.waiting?.reject(err);
    this.waiting = undefined;
    for (const pending of this.acks.values()) pending.reject(err);
    this.acks.clear();
    if (!this.closing) this.onFailure(err);
  }

  private next(timeoutMs: number): Promise<ServerMessage> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from the server')), timeoutMs);
      this.waiting = {
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  /** Pairs with a token, then says hello for an account; resolves with the resume's last ticket. */
  async handshake(
    pairingToken: string,
    accountNumber: number,
    timeoutMs = 30_000,
  ): Promise<number> {
    this.sendRaw(
      JSON.stringify({
        type: 'auth',
        protocol: 1,
        client_version: HELLO_BASE.client_version,
        pairing_token: pairingToken,
      }),
    );
    const ok = await this.next(timeoutMs);
    if (ok.type !== 'auth_ok') throw new Error(`auth: ${JSON.stringify(ok)}`);
    this.sendRaw(JSON.stringify({ ...HELLO_BASE, account_number: accountNumber }));
    const resume = await this.next(timeoutMs);
    if (resume.type !== 'resume') throw new Error(`hello: ${JSON.stringify(resume)}`);
    return resume.last_deal_ticket;
  }

  sendRaw(message: string): void {
    if (this.failure) throw this.failure;
    this.ws.send(message);
  }

  /** Sends an already serialised deals message and resolves with its ack. */
  sendBatch(batchId: string, message: string): Promise<Ack> {
    return new Promise((resolve, reject) => {
      if (this.failure) {
        reject(this.failure);
        return;
      }
      this.acks.set(batchId, { resolve, reject });
      this.ws.send(message);
    });
  }

  close(): void {
    this.closing = true;
    this.ws.close();
  }
}
