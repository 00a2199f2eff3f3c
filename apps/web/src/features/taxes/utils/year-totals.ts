import type { TaxMonthRow } from '@vortex/core';

/** The sums a "Total do ano" row can show; carried losses are balances, not sums, so none. */
export interface YearTotals {
  dayTradeCents: number;
  swingCents: number;
  baseCents: number;
  taxCents: number;
  irrfCents: number;
  darfCents: number;
}

/** The year's totals; a DARF counts only where one is due (a small one is carried, not paid). */
export function yearTotals(months: readonly TaxMonthRow[]): YearTotals {
  const totals: YearTotals = {
    dayTradeCents: 0,
    swingCents: 0,
    baseCents: 0,
    taxCents: 0,
    irrfCents: 0,
    darfCents: 0,
  };
  for (const m of months) {
    totals.dayTradeCents += m.day_trade.result_cents;
    totals.swingCents += m.swing.result_cents;
    totals.baseCents += m.day_trade.base_cents + m.swing.base_cents;
    totals.taxCents += m.tax_cents;
    totals.irrfCents += irrfDeducted(m);
    if (m.darf_status === 'due') totals.darfCents += m.darf_cents;
  }
  return totals;
}

/** Both IRRFs taken off the month's tax. */
export const irrfDeducted = (m: TaxMonthRow): number =>
  m.irrf_day_trade.deducted_cents + m.irrf_swing.deducted_cents;

/** Whether the year has anything to show: an operation closed in one of its months. */
export const hasOperations = (months: readonly TaxMonthRow[]): boolean =>
  months.some((m) => m.day_trade.operations + m.swing.operations > 0);
