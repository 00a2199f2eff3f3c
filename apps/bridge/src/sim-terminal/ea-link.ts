import net, { type Socket } from 'node:net';
import { EA_MAX_LINE } from '../ea/ea-protocol.js';
import { readLines } from '../ea/line-reader.js';
import type { EaTerminal } from './ea-terminal.js';
import { terminalMessages } from './messages.js';

export interface EaLinkOptions {
  host: string;
  port: number;
  /** The EA's InpReconnectSec: the wait between connection attempts. */
  reconnectMs: number;
  /** SocketConnect's timeout in the EA. */
  connectTimeoutMs: number;
  log: (msg: string) => void;
  now?: () => number;
}

/**
 * The EA's socket: a TCP client that connects to the agent, says hello, and on each timer beat
 * sends what the terminal has to say. When the agent is not there or goes away it tries again
 * every `reconnectMs`, forever, and logs each change between connected and gone once.
 */
export class EaLink {
  private socket: Socket | undefined;
  private open = false;
  private stopped = false;
  private lastTry = Number.NEGATIVE_INFINITY;
  private state: 'starting' | 'connected' | 'gone' = 'starting';
  /** Lines are handled one at a time, in order, as the EA's single thread does. */
  private handling: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(
    private readonly terminal: EaTerminal,
    private readonly opts: EaLinkOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  get address(): string {
    return `${this.opts.host}:${this.opts.port}`;
  }

  /** One beat of the EA's OnTimer. */
  onTimer(): void {
    if (this.stopped) return;
    const socket = this.socket;
    if (!socket) {
      this.tryConnect();
      return;
    }
    if (!this.open) return;
    for (const message of this.terminal.tick()) this.write(socket, message);
  }

  /** Closes the connection gracefully, so what was written reaches the agent. */
  async stop(): Promise<void> {
    this.stopped = true;
    const socket = this.socket;
    if (!socket) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => socket.destroy(), 2_000);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.end();
    });
  }

  private tryConnect(): void {
    if (this.now() - this.lastTry < this.opts.reconnectMs) return;
    this.lastTry = this.now();
    const socket = net.connect({ host: this.opts.host, port: this.opts.port });
    this.socket = socket;
    const timeout = setTimeout(() => socket.destroy(), this.opts.connectTimeoutMs);
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      clearTimeout(timeout);
      socket.setNoDelay(true);
      this.open = true;
      if (this.state !== 'connected') this.opts.log(terminalMessages.connected(this.address));
      this.state = 'connected';
      readLines(
        socket,
        EA_MAX_LINE,
        (line) => this.onLine(socket, line),
        () => {
          this.opts.log(terminalMessages.lineTooLong);
          socket.destroy();
        },
      );
      this.write(socket, this.terminal.connected());
    });
    socket.once('close', () => {
      clearTimeout(timeout);
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.open = false;
      if (this.stopped) return;
      const seconds = this.opts.reconnectMs / 1000;
      if (this.state === 'connected') this.opts.log(terminalMessages.gone(seconds));
      if (this.state === 'starting')
        this.opts.log(terminalMessages.notFound(this.address, seconds));
      this.state = 'gone';
    });
  }

  private onLine(socket: Socket, line: string): void {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.opts.log(terminalMessages.badLine(line.slice(0, 200)));
      return;
    }
    this.handling = this.handling
      .then(async () => {
        const incoming = await this.terminal.receive(json);
        switch (incoming.kind) {
          case 'reply':
            this.write(socket, incoming.message);
            return;
          case 'refused':
            // The EA drops the connection and, like every lost one, tries again later.
            this.opts.log(terminalMessages.refused(incoming.error));
            socket.destroy();
            return;
          case 'ignored':
            this.opts.log(terminalMessages.badLine(incoming.reason));
            return;
          case 'handled':
            return;
        }
      })
      .catch((err: unknown) => this.opts.log(terminalMessages.lineFailed(String(err))));
  }

  private write(socket: Socket, message: object): void {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  }
}
