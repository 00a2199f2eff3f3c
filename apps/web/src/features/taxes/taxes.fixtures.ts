import type { TaxMonthDetailResponse, TaxMonthRow, TaxYearResponse } from '@vortex/core';

const kind = (result: number, operations: number, tax = 0, rate = 0.2) => ({
  gross_cents: result + 500 * operations,
  costs_cents: 500 * operations,
  result_cents: result,
  operations,
  loss_before_cents: 0,
  base_cents: Math.max(result, 0),
  loss_after_cents: Math.max(-result, 0),
  rate,
  tax_cents: tax,
});
const irrf = (deducted = 0) => ({
  month_cents: deducted,
  before_cents: 0,
  deducted_cents: deducted,
  after_cents: 0,
});

/** A month of the year; a quiet one (no operations, nothing due) unless told otherwise. */
export function taxMonth(month: string, fields: Partial<TaxMonthRow> = {}): TaxMonthRow {
  return {
    month,
    day_trade: kind(0, 0),
    swing: kind(0, 0, 0, 0.15),
    tax_cents: 0,
    irrf_day_trade: irrf(),
    irrf_swing: irrf(),
    tax_after_irrf_cents: 0,
    darf_carried_in_cents: 0,
    darf_cents: 0,
    darf_status: 'none',
    due_date: `${month}-28`,
    paid: null,
    ...fields,
  };
}

/** September: R$ 1.500,00 of day trade, R$ 300,00 of tax less R$ 15,00 of IRRF, due 30/10. */
export const september = taxMonth('2026-09', {
  day_trade: kind(150_000, 3, 30_000),
  tax_cents: 30_000,
  irrf_day_trade: irrf(1_500),
  tax_after_irrf_cents: 28_500,
  darf_cents: 28_500,
  darf_status: 'due',
  due_date: '2026-10-30',
});

/** October: a small gain whose R$ 6,00 DARF waits for the next month's. */
export const october = taxMonth('2026-10', {
  day_trade: kind(3_000, 1, 600),
  tax_cents: 600,
  tax_after_irrf_cents: 600,
  darf_cents: 600,
  darf_status: 'below_minimum',
  due_date: '2026-11-30',
});

export const november = taxMonth('2026-11', { darf_status: 'in_progress', due_date: '2026-12-31' });

export function taxYear(fields: Partial<TaxYearResponse> = {}): TaxYearResponse {
  return {
    success: true,
    year: 2026,
    years: [2026, 2025],
    today: '2026-11-27',
    months: [september, october, november],
    settings: { cost_per_contract_side: 0, darf_reminder: true },
    basis: 'real',
    ...fields,
  };
}

/** September's operations on the 15th: a day trade and a position opened before the history. */
export const septemberDetail: TaxMonthDetailResponse = {
  success: true,
  month: september,
  days: [
    {
      day: '2026-09-15',
      day_trade: { gross_cents: 101_000, costs_cents: 1_000, result_cents: 100_000, operations: 1 },
      swing: { gross_cents: 50_500, costs_cents: 500, result_cents: 50_000, operations: 1 },
      irrf_day_trade_cents: 1_500,
      irrf_swing_cents: 0,
      operations: [
        {
          account_id: '7',
          position_id: '101',
          symbol: 'WINV26',
          side: 'BUY',
          volume: 2,
          open_time: Date.parse('2026-09-15T10:00:00-03:00'),
          close_time: Date.parse('2026-09-15T10:30:00-03:00'),
          close_ticket: '9001',
          day: '2026-09-15',
          kind: 'day_trade',
          gross_cents: 101_000,
          costs_cents: 1_000,
          result_cents: 100_000,
        },
        {
          account_id: '7',
          position_id: '102',
          symbol: 'WDOX26',
          side: 'SELL',
          volume: 1,
          open_time: null,
          close_time: Date.parse('2026-09-15T15:00:00-03:00'),
          close_ticket: '9002',
          day: '2026-09-15',
          kind: 'swing',
          gross_cents: 50_500,
          costs_cents: 500,
          result_cents: 50_000,
        },
      ],
    },
  ],
};
