import net from 'node:net';
import { readLines } from './line-reader.js';

type Message = { type: string } & Record<string, unknown>;

/**
 * A scripted stand-in for VortexBridge.mq5 over a real TCP socket, for tests: it says what it is
 * told to and hands over what the agent sends, in order, by type.
 */
export class FakeEa {
  private readonly inbox: Message[] = [];
  private wake: (() => void) | undefined;
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    readLines(
      socket,
      Number.MAX_SAFE_INTEGER,
      (line) => {
        this.inbox.push(JSON.parse(line) as Message);
        this.wake?.();
      },
      () => undefined,
    );
    socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  static async connect(port: number): Promise<FakeEa> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new FakeEa(socket);
  }

  send(message: object): void {
    this.sendRaw(JSON.stringify(message));
  }

  sendRaw(line: string): void {
    this.socket.write(`${line}\r\n`);
  }

  /** The next message of this type (earlier ones of other types stay queued). */
  async next(type: string, timeoutMs = 5_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.inbox.findIndex((m) => m.type === type);
      if (index >= 0) return this.inbox.splice(index, 1)[0] as Message;
      if (this.closed) throw new Error(`connection closed before a "${type}" message`);
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
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.end();
    });
  }
}
