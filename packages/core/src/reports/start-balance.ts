/** What the stored deals say about an account's balance around an instant. */
export interface BalanceHistory {
  /** Net (profit + commission + fee + swap) of every deal before the instant, credit aside. */
  netBefore: number;
  /** Net of every deal the account has, credit aside. */
  netTotal: number;
  /** How many balance operations (deposits, withdrawals: deal type 2) the account has. */
  balanceOperations: number;
}

/**
 * The account's balance at an instant, as the MT5 statement reads it: the sum of the deals
 * before it. When the account reports its balance now, that balance is the anchor: the instant's
 * is it less what the deals after the instant moved, so a history that begins after the first
 * deposit (HFM's report starts at 50,61; an agent's window of the last months) still reads real
 * money. Without deposits among the deals, the one inferred is never below zero; without a
 * reported balance, the deals alone are the balance (they hold its deposits).
 */
export function balanceAt(history: BalanceHistory, currentBalance: number | null): number {
  if (currentBalance === null) return history.netBefore;
  const before = currentBalance - history.netTotal;
  // Cents: the deals' float sums leave noise such as -1.8e-12 where the two agree.
  const untold = Math.round(before * 100) / 100;
  const inferredDeposit = history.balanceOperations === 0 ? Math.max(0, untold) : untold;
  return inferredDeposit + history.netBefore;
}
