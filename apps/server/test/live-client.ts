import WebSocket from 'ws';

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

  async waitFor(
    match: (m: Record<string, unknown>) => boolean,
    timeoutMs = 5000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find(match);
      if (hit) return hit;
      if (Date.now() > deadline) {
        throw new Error(`no matching message; received ${JSON.stringify(this.types())}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async waitClosed(timeoutMs = 5000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!this.closed) throw new Error('socket still open');
    return this.closed.code;
  }

  close(): void {
    this.ws.close();
  }
}
