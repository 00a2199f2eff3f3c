import {
  csvDocument,
  csvNumber,
  csvText,
  DEFAULT_TIME_ZONE,
  intlOffsetMs,
  priceDecimals,
  type ClosedPositionRecord,
} from '@vortex/core';

/**
 * The CSV of the filtered rows, for spreadsheet import: ',' between fields, RFC 4180 quoting,
 * CRLF line ends, '.' decimals without grouping, and times as 'YYYY-MM-DD HH:mm:ss' in
 * America/Sao_Paulo (the zone the table shows). A pt-BR spreadsheet set to ',' decimals reads it
 * through its import dialog; raw machine numbers keep the values exact for every locale. Text
 * cells (the symbol comes from the trader's terminal) are neutralised against formulas.
 */
export const TRADES_CSV_COLUMNS = [
  'position_id',
  'round_trip',
  'open_time',
  'close_time',
  'symbol',
  'type',
  'volume',
  'entry_price',
  'exit_price',
  'duration',
  'profit',
  'commission',
  'swap',
  'fee',
  'net_profit',
  'magic',
  'currency',
] as const;

/** 'YYYY-MM-DD HH:mm:ss' wall time in `timeZone`. */
export function csvTime(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  return new Date(ms + intlOffsetMs(timeZone, ms)).toISOString().slice(0, 19).replace('T', ' ');
}

const money = (value: number) => csvNumber(value, 2);
const price = (value: number) => csvNumber(value, priceDecimals(value));
// Lots are stepped in hundredths; the rounding hides float noise such as 0.30000000000000004.
const volume = (value: number) => csvNumber(Math.round(value * 100) / 100);

function cells(t: ClosedPositionRecord, currency: string): string[] {
  return [
    csvText(t.position_id),
    csvNumber(t.round_trip),
    csvText(csvTime(t.open_time)),
    csvText(csvTime(t.close_time)),
    csvText(t.symbol),
    csvText(t.type),
    volume(t.volume),
    price(t.entry_price),
    price(t.exit_price),
    csvText(t.duration),
    money(t.profit),
    money(t.commission),
    money(t.swap),
    money(t.fee ?? 0),
    money(t.net_profit),
    csvNumber(t.magic),
    csvText(currency),
  ];
}

/**
 * The header and one line per row, in the order given (the table's order). Amounts are in the
 * account's deposit currency, named on every line (issue 26); `fee` is MT5's DEAL_FEE, in the net.
 */
export function tradesCsv(rows: readonly ClosedPositionRecord[], currency = 'BRL'): string {
  return csvDocument(
    TRADES_CSV_COLUMNS,
    rows.map((row) => cells(row, currency)),
  );
}
