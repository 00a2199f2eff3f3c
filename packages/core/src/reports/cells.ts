import { priceDecimals } from '../format/number.js';
import { localWallClock } from '../trading/calendar-window.js';

/**
 * One value of a statement, typed rather than pre-formatted: the HTML writes it as the terminal
 * does ('-11 644.50', '2026.04.02 11:28:38'), the spreadsheet keeps numbers as numbers.
 */
export type Cell =
  | { kind: 'text'; text: string }
  /** `plain` numbers (prices) are written without thousands spaces: '66593.96'. */
  | { kind: 'number'; value: number; decimals: number; plain?: boolean }
  /** Percent units (55.5 is 55.50%). */
  | { kind: 'percent'; value: number }
  /** A ratio that may be Infinity (written 'inf'). */
  | { kind: 'factor'; value: number }
  /** Epoch ms, shown in the statement's time zone; `minutes` drops the seconds (header Date:). */
  | { kind: 'time'; ms: number; minutes?: boolean }
  /** 'main (note)', as MT5 writes '240.00 (2)'. */
  | { kind: 'pair'; main: Cell; note: Cell }
  | { kind: 'empty' };

export const text = (value: string): Cell => ({ kind: 'text', text: value });
/** Tickets and ids read as written, without thousands separators. */
export const id = (value: number | string): Cell => ({ kind: 'text', text: String(value) });
export const money = (value: number): Cell => ({ kind: 'number', value, decimals: 2 });
export const count = (value: number): Cell => ({ kind: 'number', value, decimals: 0 });
/** The decimals a value needs to be written exactly (to 8 places). */
const decimalsOf = (value: number): number =>
  String(Number(value.toFixed(8))).split('.')[1]?.length ?? 0;
/**
 * A price with its symbol's digits (SYMBOL_DIGITS), as the terminal writes it; without them
 * (an agent that never said) the price's own decimals, never fewer than usual for it.
 */
export const price = (value: number, digits?: number): Cell => ({
  kind: 'number',
  value,
  decimals: digits ?? Math.max(priceDecimals(value), decimalsOf(value)),
  plain: true,
});
/** Lots as the terminal writes them: '1', '0.5', '0.06'. */
export const volume = (value: number): Cell => ({
  kind: 'number',
  value,
  decimals: decimalsOf(value),
});
export const percent = (value: number): Cell => ({ kind: 'percent', value });
export const factor = (value: number): Cell => ({ kind: 'factor', value });
export const time = (ms: number): Cell => ({ kind: 'time', ms });
export const pair = (main: Cell, note: Cell): Cell => ({ kind: 'pair', main, note });
export const empty: Cell = { kind: 'empty' };
/** MT5 leaves an unset stop loss or take profit (0) blank. */
export const level = (value: number, digits?: number): Cell =>
  value > 0 ? price(value, digits) : empty;

/** '-11 644.50': space between thousands, a dot before the decimals, never '-0.00'. */
export function formatMt5Number(value: number, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const negative = value < 0 && Number(fixed) !== 0;
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** 'yyyy.MM.dd HH:mm:ss' on the wall clock of the zone. */
export function formatMt5Time(ms: number, timeZone: string, minutes = false): string {
  const clock = localWallClock(ms, timeZone).replace(/-/g, '.').replace('T', ' ');
  return minutes ? clock.slice(0, 16) : clock;
}

/** The cell as the terminal writes it in its HTML report (and a spreadsheet's text cell). */
export function formatCell(cell: Cell, timeZone: string): string {
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'number':
      return cell.plain
        ? formatMt5Number(cell.value, cell.decimals).replace(/ /g, '')
        : formatMt5Number(cell.value, cell.decimals);
    case 'percent':
      return `${formatMt5Number(cell.value, 2)}%`;
    case 'factor':
      return Number.isFinite(cell.value) ? formatMt5Number(cell.value, 2) : 'inf';
    case 'time':
      return formatMt5Time(cell.ms, timeZone, cell.minutes);
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
