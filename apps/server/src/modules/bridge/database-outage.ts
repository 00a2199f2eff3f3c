import type { FastifyBaseLogger } from 'fastify';

/**
 * While the database is away every agent message that writes fails the same way: the outage is
 * logged when it starts and when it ends, not once per message of every connected agent.
 */
export class OutageLog {
  private down = false;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {}

  failed(err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.warn({ err }, 'database unavailable: agent writes are skipped until it is back');
  }

  succeeded(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('database back: agent writes resumed');
  }
}
