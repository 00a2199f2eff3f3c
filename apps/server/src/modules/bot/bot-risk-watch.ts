import {
  netProfitOf,
  nextPeakEquity,
  riskBreach,
  type Mt5Position,
  type RiskBreach,
  type RiskConfig,
} from '@vortex/core';
import type pg from 'pg';
import type { PositionsCache } from '../trading/positions-cache.js';
import { liveAccountOf } from '../trading/trading.repo.js';
import { botPositionsToday } from './bot-today.service.js';
import {
  balanceOperationsAfter,
  findBotRun,
  openPositionsByMagic,
  raisePeakEquity,
  setPeakEquity,
} from './bot-runs.repo.js';

export interface RiskWatchDeps {
  pool: pg.Pool;
  positions: PositionsCache;
}

type OpenPosition = Pick<Mt5Position, 'ticket' | 'magic' | 'profit' | 'swap'>;

/** A new equity peak is written at most this often (the last one is written at a breach). */
const PEAK_WRITE_EVERY_MS = 5_000;

/**
 * A running bot's risk limits, watched on what the bridge streams: the account's equity
 * (account snapshots), the open result of the bot's positions (position snapshots) and
 * today's closed result of its magics (stored deals). Calls `onBreach` once, on the first
 * reading that reaches a limit.
 *
 * A balance operation is no drawdown (issue 26): a withdrawal lowers the equity, and the peak
 * with it, by its amount (a deposit raises both). The equity that shows a withdrawal may arrive
 * before its deal's event, so a drawdown breach is confirmed against the stored operations first.
 */
export class RiskWatch {
  private equity: number | null = null;
  private peak: number | null = null;
  private closedToday = 0;
  /** Positions fully closed today: a snapshot taken before their deals must not count twice. */
  private closedIds = new Set<string>();
  private open: OpenPosition[] = [];
  private peakWrittenAt = 0;
  /** The last balance operation the peak has been moved by (null until load). */
  private operationTicket: number | null = null;
  /** A drawdown breach being checked against the stored balance operations. */
  private confirming = false;
  /** The limit reached, once one is. */
  breach: RiskBreach | null = null;

  constructor(
    private readonly deps: RiskWatchDeps,
    private readonly userId: number,
    private readonly accountId: number,
    private readonly limits: RiskConfig,
    private readonly magics: Set<number>,
    private readonly onBreach: (breach: RiskBreach) => void,
  ) {}

  /** Whether any limit is on: with none, the watch reads and checks nothing. */
  get active(): boolean {
    return this.limits.daily_loss_limit > 0 || this.limits.max_drawdown > 0;
  }

  /** Reads the starting point: equity, the stored peak (a resumed bot), open and closed results. */
  async load(): Promise<void> {
    if (!this.active) return;
    const [account, run, open] = await Promise.all([
      liveAccountOf(this.deps.pool, this.userId),
      findBotRun(this.deps.pool, this.userId),
      openPositionsByMagic(this.deps.pool, this.accountId),
    ]);
    this.peak = run?.peak_equity ?? null;
    this.open = open;
    // Operations before the start are in the equity the peak starts from.
    const [last] = await balanceOperationsAfter(this.deps.pool, this.accountId, null);
    this.operationTicket = last?.ticket ?? 0;
    await this.refreshClosed();
    if (account?.equity != null) this.onEquity(account.equity);
  }

  /** Today's closed positions of the bot changed (new deals, or a new day). */
  async refreshClosed(now = Date.now()): Promise<void> {
    if (!this.active) return;
    await this.applyOperations();
    const positions = await botPositionsToday(this.deps, this.userId, this.magics, now);
    this.closedToday = positions.reduce((sum, p) => sum + netProfitOf(p), 0);
    this.closedIds = new Set(
      positions.filter((p) => p.status === 'closed').map((p) => p.position_id),
    );
    this.check();
  }

  onEquity(equity: number): void {
    if (!this.active) return;
    this.equity = equity;
    const peak = nextPeakEquity(this.peak, equity);
    if (peak !== this.peak && peak !== null) {
      this.peak = peak;
      if (Date.now() - this.peakWrittenAt >= PEAK_WRITE_EVERY_MS) this.writePeak();
    }
    this.check();
  }

  onPositions(positions: readonly OpenPosition[]): void {
    if (!this.active) return;
    this.open = [...positions];
    this.check();
  }

  private openResult(): number {
    let sum = 0;
    for (const p of this.open) {
      if (this.magics.has(p.magic) && !this.closedIds.has(String(p.ticket)))
        sum += p.profit + p.swap;
    }
    return sum;
  }

  /** Moves the peak by the balance operations stored since the last one applied. */
  private async applyOperations(): Promise<void> {
    if (this.operationTicket === null) return;
    const operations = await balanceOperationsAfter(
      this.deps.pool,
      this.accountId,
      this.operationTicket,
    );
    for (const op of operations) {
      if (op.ticket <= this.operationTicket) continue;
      this.operationTicket = op.ticket;
      if (this.peak !== null) this.peak += op.amount;
    }
    if (operations.length > 0 && this.peak !== null) {
      this.peakWrittenAt = Date.now();
      setPeakEquity(this.deps.pool, this.userId, this.peak).catch(() => undefined);
    }
  }

  private reading(): RiskBreach | null {
    return riskBreach(
      {
        closedToday: this.closedToday,
        openResult: this.openResult(),
        equity: this.equity,
        peakEquity: this.peak,
      },
      this.limits,
    );
  }

  private check(): void {
    if (this.breach || this.confirming) return;
    const breach = this.reading();
    if (!breach) return;
    if (breach.kind !== 'max_drawdown') {
      this.fire(breach);
      return;
    }
    // A withdrawal's equity may come before its deal: the stored operations say first.
    this.confirming = true;
    this.applyOperations()
      .catch(() => undefined)
      .finally(() => {
        this.confirming = false;
        const confirmed = this.breach ? null : this.reading();
        if (confirmed) this.fire(confirmed);
      });
  }

  private fire(breach: RiskBreach): void {
    this.breach = breach;
    this.writePeak();
    this.onBreach(breach);
  }

  private writePeak(): void {
    if (this.peak === null) return;
    this.peakWrittenAt = Date.now();
    // Best effort: a lost write only means a resumed bot measures from a lower peak.
    raisePeakEquity(this.deps.pool, this.userId, this.peak).catch(() => undefined);
  }
}
