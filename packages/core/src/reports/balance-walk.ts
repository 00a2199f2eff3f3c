import type { BalanceOperation } from '../trading/balance-operations.js';

/** MT5's deal type of a deposit or withdrawal; an operation without a type is one. */
const BALANCE = 2;

/** A fall of the balance from its peak: money, and percent of that peak (0–100). */
export interface Fall {
  money: number;
  percent: number;
}

/**
 * The balance as MT5's Results block walks it, checked against real reports (SOURCES.md):
 * - a withdrawal (type 2, < 0) is left out of the walk: it is no fall, and what follows falls
 *   from the peak it left (Deriv 101713523: 12.59, 26.07 % of 48.30, its two withdrawals aside);
 * - a deposit (type 2, > 0) moves the balance and its peak alike: no fall, none hidden;
 * - every other operation moves the balance alone, the peak following it up: a bonus taken back
 *   or a dividend charged is a fall (Deriv's −8.05 bonus; Darwinex-Live's negative dividends,
 *   783.61 where moving the peak with them gave 783.05);
 * - the absolute drawdown is measured on the money put in: the start and the deposits (type 2,
 *   > 0), no bonus and no dividend (Deriv's 40.25 − 35.71 = 4.54; Darwinex's 783.61).
 * No real report has a deposit in the middle of a fall (each one's deposits come first or after
 * its trades), so how the terminal moves the peak then is not checked: it keeps the product's
 * earlier reading (the peak moves with the deposit), which every report fits.
 */
export class BalanceWalk {
  balance: number;
  peak: number;
  invested: number;
  absolute = 0;
  maximal: Fall = { money: 0, percent: 0 };
  relative: Fall = { money: 0, percent: 0 };

  constructor(initialBalance: number) {
    this.balance = initialBalance;
    this.peak = initialBalance;
    this.invested = initialBalance;
  }

  operation(op: BalanceOperation): void {
    const deposit = (op.type ?? BALANCE) === BALANCE;
    if (deposit && op.amount < 0) return;
    this.balance += op.amount;
    if (deposit) {
      this.peak += op.amount;
      this.invested += op.amount;
    }
    this.measure();
  }

  /** A trade deal's (or a position's) net. */
  trade(net: number): void {
    this.balance += net;
    this.measure();
  }

  private measure(): void {
    if (this.balance > this.peak) this.peak = this.balance;
    const money = this.peak - this.balance;
    const percent = this.peak > 0 ? (money / this.peak) * 100 : 0;
    if (money > this.maximal.money) this.maximal = { money, percent };
    if (percent > this.relative.percent) this.relative = { money, percent };
    if (this.invested - this.balance > this.absolute) this.absolute = this.invested - this.balance;
  }
}
