import type { Mt5Account } from '@vortex/core';

/** Floating profit moves equity on every tick while positions are open: one row a minute of it. */
export const FLOATING_SNAPSHOT_MS = 60_000;

export interface AccountVerdict {
  /** Something differs from the last report: browsers and the bot risk watch hear it now. */
  publish: boolean;
  /** Worth a row of history: the first report, a move of balance or margin, or a minute of float. */
  snapshot: boolean;
}

const same = (a: Mt5Account, b: Mt5Account) =>
  a.balance === b.balance &&
  a.equity === b.equity &&
  a.margin === b.margin &&
  a.free_margin === b.free_margin &&
  a.margin_level === b.margin_level &&
  a.profit === b.profit &&
  a.currency === b.currency;

/**
 * One connection's account reports, judged against the last one seen and the last one kept: a
 * flat account keeps no rows after its first, an open position one a minute plus each trade.
 */
export class AccountState {
  private seen: Mt5Account | undefined;
  private kept: { account: Mt5Account; at: number } | undefined;

  constructor(private readonly floatingMs = FLOATING_SNAPSHOT_MS) {}

  observe(account: Mt5Account, now: number): AccountVerdict {
    const publish = !this.seen || !same(this.seen, account);
    this.seen = account;
    const kept = this.kept;
    const snapshot =
      !kept ||
      kept.account.balance !== account.balance ||
      kept.account.margin !== account.margin ||
      (!same(kept.account, account) && now - kept.at >= this.floatingMs);
    if (snapshot) this.kept = { account, at: now };
    return { publish, snapshot };
  }
}
