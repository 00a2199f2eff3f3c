import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

export interface Exit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/**
 * A process of the system under test, its output in a file. Every exit is recorded, so a test
 * can say which processes died besides the one it killed.
 */
export class Child {
  private proc: ChildProcess | undefined;
  private exited: Promise<Exit> | undefined;
  /** Exits nobody asked for. */
  static readonly unexpected: Exit[] = [];
  private expecting = false;

  constructor(
    readonly name: string,
    private readonly command: () => { args: string[]; env: NodeJS.ProcessEnv },
    readonly logFile: string,
  ) {}

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  get running(): boolean {
    return this.proc !== undefined && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    const { args, env } = this.command();
    const out = openSync(this.logFile, 'a');
    const proc = spawn(process.execPath, args, { env, stdio: ['ignore', out, out] });
    closeSync(out);
    this.proc = proc;
    this.expecting = false;
    this.exited = new Promise((resolve) =>
      proc.once('exit', (code, signal) => {
        const exit = { name: this.name, code, signal, at: Date.now() };
        if (!this.expecting) Child.unexpected.push(exit);
        resolve(exit);
      }),
    );
  }

  /** Sends `signal` and waits until the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL', timeoutMs = 30_000): Promise<Exit> {
    const proc = this.proc;
    const exited = this.exited;
    if (!proc || !exited) throw new Error(`${this.name} is not running`);
    this.expecting = true;
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  }

  log(): string {
    try {
      return readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  tail(chars = 3_000): string {
    return this.log().slice(-chars);
  }
}
