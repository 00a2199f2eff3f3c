import { formatDateTimePtBR } from '../format/date.js';
import {
  formatDecimal,
  formatPercent,
  formatProfitFactor,
  priceDecimals,
} from '../format/number.js';

/**
 * One value of a statement, typed rather than pre-formatted: the HTML shows it in pt-BR, the
 * spreadsheet keeps numbers as numbers.
 */
export type Cell =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number; decimals: number }
  /** Percent units (55.5 is 55,50%). */
  | { kind: 'percent'; value: number }
  /** A ratio that may be Infinity ('∞'). */
  | { kind: 'factor'; value: number }
  /** Epoch ms, shown in the statement's time zone. */
  | { kind: 'time'; ms: number }
  /** 'main (note)', as MT5 writes '240.00 (2)'. */
  | { kind: 'pair'; main: Cell; note: Cell }
  | { kind: 'empty' };

export const text = (value: string): Cell => ({ kind: 'text', text: value });
/** Tickets and ids read as written, without thousands separators. */
export const id = (value: number | string): Cell => ({ kind: 'text', text: String(value) });
export const money = (value: number): Cell => ({ kind: 'number', value, decimals: 2 });
export const count = (value: number): Cell => ({ kind: 'number', value, decimals: 0 });
export const price = (value: number): Cell => ({
  kind: 'number',
  value,
  decimals: priceDecimals(value),
});
export const percent = (value: number): Cell => ({ kind: 'percent', value });
export const factor = (value: number): Cell => ({ kind: 'factor', value });
export const time = (ms: number): Cell => ({ kind: 'time', ms });
export const pair = (main: Cell, note: Cell): Cell => ({ kind: 'pair', main, note });
export const empty: Cell = { kind: 'empty' };
/** MT5 leaves an unset stop loss or take profit (0) blank. */
export const level = (value: number): Cell => (value > 0 ? price(value) : empty);

/** The cell as the HTML statement (and a spreadsheet's text cell) shows it. */
export function formatCell(cell: Cell, timeZone: string): string {
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'number':
      return formatDecimal(cell.value, cell.decimals);
    case 'percent':
      return formatPercent(cell.value);
    case 'factor':
      return formatProfitFactor(cell.value);
    case 'time':
      return formatDateTimePtBR(cell.ms, timeZone, true);
    case 'pair':
      return `${formatCell(cell.main, timeZone)} (${formatCell(cell.note, timeZone)})`;
    case 'empty':
      return '';
  }
}

/** Numbers line up on the right, as in the terminal's report. */
export function isNumeric(cell: Cell): boolean {
  if (cell.kind === 'pair') return isNumeric(cell.main);
  return cell.kind === 'number' || cell.kind === 'percent' || cell.kind === 'factor';
}
