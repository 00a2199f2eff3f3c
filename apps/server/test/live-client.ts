import WebSocket from 'ws';
import { waitForValue, waitUntil } from './wait.js';

/** A browser's live channel (/api/bridge/ws) as the tests see it: everything it received. */
export class LiveWsClient {
  readonly received: Record<string, unknown>[] = [];
  closed: { code: number } | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.received.push(JSON.parse(data.toString()) as Record<string, unknown>);
    });
    ws.on('close', (code) => {
      this.closed = { code };
    });
  }

  /** Opens the socket and sends `first` as its first message. */
  static async open(base: string, first: object | string): Promise<LiveWsClient> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/bridge/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new LiveWsClient(ws);
    ws.send(typeof first === 'string' ? first : JSON.stringify(first));
    return client;
  }

  types(): string[] {
    return this.received.map((m) => String(m.type));
  }

  waitFor(
    match: (m: Record<string, unknown>) => boolean,
    timeoutMs = 5000,
  ): Promise<Record<string, unknown>> {
    return waitForValue(
      () => this.received.find(match),
      () => `no matching message; received ${JSON.stringify(this.types())}`,
      { timeoutMs },
    );
  }

  async waitClosed(timeoutMs = 5000): Promise<number> {
    await waitUntil(() => this.closed !== undefined, 'socket still open', { timeoutMs });
    return this.closed?.code ?? 0;
  }

  /**
   * A ping answered: the server wrote its pong after every frame it had sent this socket before,
   * so whatever it meant to send by then has arrived (or the socket closed). The barrier before
   * asserting that something did not come.
   */
  roundTrip(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.ws.off('pong', done);
        this.ws.off('close', done);
        resolve();
      };
      this.ws.on('pong', done);
      this.ws.on('close', done);
      this.ws.ping();
    });
  }

  close(): void {
    this.ws.close();
  }
}
