import { Slots } from './import-gate.js';

// A statement streams from an open read-only transaction: each one holds a pool connection for as
// long as its client reads. These bounds keep a client that opens many, or stops reading, from
// holding the pool: a few per user and per instance, and a stream nobody pulls from is ended.

export interface StatementControls {
  /** Statements one user may be receiving at once, on this instance. */
  perUser: number;
  /** Statements this instance streams at once (the pool holds 20 connections). */
  streams: number;
  /** A stream whose client takes no byte for this long is ended and its connection given back. */
  stallMs: number;
  /** Seconds a 503 asks the client to wait. */
  retryAfterS: number;
}

export const STATEMENT_CONTROLS: StatementControls = {
  perUser: 2,
  streams: 6,
  stallMs: 60_000,
  retryAfterS: 10,
};

export const statementMessages = {
  userBusy:
    'Você já está baixando dois relatórios agora. Espere um deles terminar para pedir outro.',
  serverBusy: 'O servidor está gerando outros relatórios agora. Tente novamente em instantes.',
};

/** Who may start a statement now; the release ends the turn (called once, whatever happens). */
export class StatementGate {
  private readonly users = new Map<number, number>();
  private readonly slots: Slots;

  constructor(private readonly c: Pick<StatementControls, 'perUser' | 'streams'>) {
    this.slots = new Slots(c.streams);
  }

  enter(userId: number): (() => void) | 'user-busy' | 'server-busy' {
    const mine = this.users.get(userId) ?? 0;
    if (mine >= this.c.perUser) return 'user-busy';
    const slot = this.slots.tryTake();
    if (!slot) return 'server-busy';
    this.users.set(userId, mine + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.users.get(userId) ?? 1) - 1;
      if (left > 0) this.users.set(userId, left);
      else this.users.delete(userId);
      slot();
    };
  }
}
