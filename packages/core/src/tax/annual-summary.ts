import { csvDocument, csvNumber, csvText } from '../format/csv-cell.js';
import type { TaxMonthRow } from './tax.schema.js';

/**
 * The year as the IRPF declaration's "Renda Variável" asks for it: per month and per kind
 * (operações comuns, day trade) the result, the loss carried, the base, the rate and the tax,
 * then the month's consolidation with both IRRFs. Values in reais; a printable page and the
 * CSV show the same columns.
 */

export const KIND_COLUMNS = [
  'Resultado líquido do mês',
  'Resultado negativo até o mês anterior',
  'Base de cálculo do imposto',
  'Prejuízo a compensar',
  'Alíquota do imposto (%)',
  'Imposto devido',
] as const;

export const CONSOLIDATION_COLUMNS = [
  'Total do imposto devido',
  'IR fonte de day trade no mês',
  'IR fonte de day trade nos meses anteriores',
  'IR fonte de day trade a compensar',
  'IR fonte (Lei 11.033/2004) no mês',
  'IR fonte (Lei 11.033/2004) nos meses anteriores',
  'IR fonte (Lei 11.033/2004) a compensar',
  'Imposto a pagar',
  'DARF (código 6015)',
  'Vencimento',
  'Imposto pago',
] as const;

const reais = (cents: number) => cents / 100;

export interface AnnualRow {
  readonly month: string;
  readonly swing: readonly number[];
  readonly dayTrade: readonly number[];
  /** Numbers in reais, except the due date ('YYYY-MM-DD' or '' when nothing is due). */
  readonly consolidation: readonly (number | string)[];
}

function kindCells(k: TaxMonthRow['swing']): number[] {
  // The form asks for the loss as a negative result until the month before.
  return [
    reais(k.result_cents),
    0 - reais(k.loss_before_cents),
    reais(k.base_cents),
    reais(k.loss_after_cents),
    Math.round(k.rate * 100),
    reais(k.tax_cents),
  ];
}

export function annualRows(months: readonly TaxMonthRow[]): AnnualRow[] {
  return months.map((m) => ({
    month: m.month,
    swing: kindCells(m.swing),
    dayTrade: kindCells(m.day_trade),
    consolidation: [
      reais(m.tax_cents),
      reais(m.irrf_day_trade.month_cents),
      reais(m.irrf_day_trade.before_cents),
      reais(m.irrf_day_trade.after_cents),
      reais(m.irrf_swing.month_cents),
      reais(m.irrf_swing.before_cents),
      reais(m.irrf_swing.after_cents),
      reais(m.tax_after_irrf_cents),
      m.darf_status === 'due' ? reais(m.darf_cents) : 0,
      m.darf_status === 'due' ? m.due_date : '',
      m.paid ? reais(m.paid.amount_cents) : 0,
    ],
  }));
}

/** The annual summary as CSV, one line per month: month, comuns, day trade, consolidation. */
export function taxAnnualCsv(months: readonly TaxMonthRow[]): string {
  const header = [
    'Mês',
    ...KIND_COLUMNS.map((c) => `Operações comuns: ${c}`),
    ...KIND_COLUMNS.map((c) => `Day trade: ${c}`),
    ...CONSOLIDATION_COLUMNS,
  ];
  const rows = annualRows(months).map((r) => [
    csvText(r.month),
    ...r.swing.map((v) => csvNumber(v, 2)),
    ...r.dayTrade.map((v) => csvNumber(v, 2)),
    ...r.consolidation.map((v) => (typeof v === 'string' ? csvText(v) : csvNumber(v, 2))),
  ]);
  return csvDocument(header, rows);
}
