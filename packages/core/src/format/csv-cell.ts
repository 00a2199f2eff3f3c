/**
 * Cells of the CSV files the product exports, written for spreadsheets: ',' between fields,
 * RFC 4180 quoting, CRLF line ends. Excel, LibreOffice and Google Sheets run a cell whose text
 * starts with '=', '+', '-' or '@' (or a tab or CR before one) as a formula, so text from users
 * or agents (a symbol, an audit field) could make the reader's spreadsheet open links or leak
 * other cells. Such text gets a leading apostrophe (OWASP's CSV injection advice) and shows as
 * typed; numbers are written from numbers, never from text, so a loss of -12.5 stays a number.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: quote a field holding the separator, a quote or a line break, doubling quotes. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A text cell: neutralised when a spreadsheet would read it as a formula, then quoted. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return quoted(FORMULA_START.test(value) ? `'${value}` : value);
}

/**
 * A number cell, '.' decimals without grouping (`fractionDigits` fixes the decimals); empty
 * for null and for NaN or infinity, which no spreadsheet reads as a number.
 */
export function csvNumber(value: number | null | undefined, fractionDigits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
}

/** The header and one line per row of cells already written by csvText/csvNumber. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]) {
  const lines = [header.map(csvText).join(','), ...rows.map((cells) => cells.join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
