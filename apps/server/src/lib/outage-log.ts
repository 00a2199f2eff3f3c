import { isDatabaseUnavailable } from '../db/db-errors.js';

export interface OutageLogger {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
}

/**
 * The log of a background loop (a sender, a lease renewal, a schedule): a database that is away
 * is told once when the loop first fails on it and once when the loop works again, however many
 * ticks fail in between. Every other failure is told each time: it is a bug to see.
 */
export class OutageLog {
  private away = false;

  constructor(
    private readonly log: OutageLogger,
    private readonly what: string,
  ) {}

  failed(err: unknown, context: object = {}): void {
    if (!isDatabaseUnavailable(err)) {
      this.log.error({ err, ...context }, this.what);
      return;
    }
    if (this.away) return;
    this.away = true;
    this.log.warn({ err, ...context }, `${this.what}: database unavailable, retrying quietly`);
  }

  succeeded(): void {
    if (!this.away) return;
    this.away = false;
    this.log.info({}, `${this.what}: database back`);
  }
}
