/**
 * A balance operation: a deal that moves the balance and is no trade (MT5's deposit or
 * withdrawal, correction, bonus, charge, commission, interest, dividend, tax: every deal type
 * but buy, sell and credit). `amount` is its profit + commission + fee + swap.
 */
export interface BalanceOperation {
  /** Epoch ms. */
  time: number;
  amount: number;
  /** MT5's deal type; without one the operation is a deposit or withdrawal (type 2). */
  type?: number;
}

const BUY = 0;
const SELL = 1;
const BALANCE = 2;
// Credit moves the credit facility, never the balance (MT5's statement shows it apart).
const CREDIT = 3;

/** Whether a stored deal of MT5 type `type` is a balance operation. */
export function isBalanceOperationType(type: number): boolean {
  return type !== BUY && type !== SELL && type !== CREDIT;
}

/** Operations in time order (a copy; ties keep their order). */
export function inTimeOrder(operations: readonly BalanceOperation[]): BalanceOperation[] {
  return [...operations].sort((a, b) => a.time - b.time);
}

/** The sum of the operations' amounts. */
export function operationsTotal(operations: readonly BalanceOperation[]): number {
  let total = 0;
  for (const op of operations) total += op.amount;
  return total;
}

/**
 * The money put in over a window: the balance it starts from plus its deposits (type 2 > 0).
 * Withdrawals take money out without making a result larger; a bonus, a correction or interest
 * is the broker's money, not the trader's. Profit % is measured on it.
 */
export function moneyPutIn(
  initialBalance: number,
  operations: readonly BalanceOperation[],
): number {
  let total = initialBalance;
  for (const op of operations) {
    if (op.amount > 0 && (op.type ?? BALANCE) === BALANCE) total += op.amount;
  }
  return total;
}
