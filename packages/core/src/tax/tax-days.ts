import type { TaxOperation } from './tax-operations.js';
import {
  IRRF_DAY_TRADE_RATE,
  IRRF_SWING_DISPENSED_UP_TO_CENTS,
  IRRF_SWING_RATE,
  type TaxKind,
} from './tax-rules.js';

/** One kind's sums over some operations, in cents. */
export interface KindTotals {
  gross_cents: number;
  costs_cents: number;
  result_cents: number;
  operations: number;
}

/** A trading day's operations at every account, with the IRRF each broker withheld. */
export interface TaxDay {
  readonly day: string;
  readonly day_trade: KindTotals;
  readonly swing: KindTotals;
  readonly irrf_day_trade_cents: number;
  readonly irrf_swing_cents: number;
  readonly operations: readonly TaxOperation[];
}

export const emptyTotals = (): KindTotals => ({
  gross_cents: 0,
  costs_cents: 0,
  result_cents: 0,
  operations: 0,
});

export function addTo(
  totals: KindTotals,
  op: Pick<KindTotals, 'gross_cents' | 'costs_cents' | 'result_cents'>,
  count = 1,
) {
  totals.gross_cents += op.gross_cents;
  totals.costs_cents += op.costs_cents;
  totals.result_cents += op.result_cents;
  totals.operations += count;
}

/**
 * The IRRF a broker (an account) withholds for one day: 1 % of the day's positive day-trade
 * result after costs; 0,005 % of the positive result of each swing operation closed, before
 * costs, not withheld when it comes to R$ 1,00 or less.
 */
function irrfOfAccountDay(ops: readonly TaxOperation[]): Record<TaxKind, number> {
  let dayTrade = 0;
  let swingBase = 0;
  for (const op of ops) {
    if (op.kind === 'day_trade') dayTrade += op.result_cents;
    else if (op.gross_cents > 0) swingBase += op.gross_cents;
  }
  const swing = Math.round(swingBase * IRRF_SWING_RATE);
  return {
    day_trade: dayTrade > 0 ? Math.round(dayTrade * IRRF_DAY_TRADE_RATE) : 0,
    swing: swing > IRRF_SWING_DISPENSED_UP_TO_CENTS ? swing : 0,
  };
}

/** Operations grouped by their day, in day order, with each day's totals and IRRF. */
export function taxDays(operations: readonly TaxOperation[]): TaxDay[] {
  const byDay = new Map<string, TaxOperation[]>();
  for (const op of operations) {
    const list = byDay.get(op.day);
    if (list) list.push(op);
    else byDay.set(op.day, [op]);
  }
  const sorted = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b));
  return sorted.map(([day, ops]) => {
    const totals: Record<TaxKind, KindTotals> = { day_trade: emptyTotals(), swing: emptyTotals() };
    for (const op of ops) addTo(totals[op.kind], op);
    const byAccount = new Map<string, TaxOperation[]>();
    for (const op of ops) {
      const list = byAccount.get(op.account_id);
      if (list) list.push(op);
      else byAccount.set(op.account_id, [op]);
    }
    let irrfDayTrade = 0;
    let irrfSwing = 0;
    for (const accountOps of byAccount.values()) {
      const irrf = irrfOfAccountDay(accountOps);
      irrfDayTrade += irrf.day_trade;
      irrfSwing += irrf.swing;
    }
    return {
      day,
      day_trade: totals.day_trade,
      swing: totals.swing,
      irrf_day_trade_cents: irrfDayTrade,
      irrf_swing_cents: irrfSwing,
      operations: ops,
    };
  });
}
