// Who may upload a report now, on this instance: one import per user at a time, a bound on the
// uploads received at once, and a few reading slots (reading a report is the CPU- and memory-
// heavy part) that an upload waits for, a bounded time, once its file is written. The hourly
// quota is counted in PostgreSQL, across instances (report-import.repo.ts).

/** Counting slots with a bounded wait, first come first served. */
export class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  tryTake(): (() => void) | undefined {
    if (this.used >= this.size) return undefined;
    this.used++;
    return this.releaser();
  }

  /** A slot within `waitMs`, or undefined. */
  take(waitMs: number): Promise<(() => void) | undefined> {
    const now = this.tryTake();
    if (now || waitMs <= 0) return Promise.resolve(now);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.used++;
        resolve(this.releaser());
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        resolve(undefined);
      }, waitMs);
      this.waiting.push(wake);
    });
  }

  get inUse(): number {
    return this.used;
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.used--;
      this.waiting.shift()?.();
    };
  }
}

export type GateRefusal = 'user-busy' | 'server-busy';

export class ImportGate {
  private readonly users = new Set<number>();
  private readonly uploads: Slots;
  readonly readers: Slots;

  constructor(limits: { uploads: number; readers: number }) {
    this.uploads = new Slots(limits.uploads);
    this.readers = new Slots(limits.readers);
  }

  /** Lets the user's upload in, or says why not; the release ends the user's turn. */
  enter(userId: number): (() => void) | GateRefusal {
    if (this.users.has(userId)) return 'user-busy';
    const slot = this.uploads.tryTake();
    if (!slot) return 'server-busy';
    this.users.add(userId);
    return () => {
      this.users.delete(userId);
      slot();
    };
  }
}
