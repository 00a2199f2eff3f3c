import type { ImportedDeal, ResultKey } from '@vortex/core';
import { HISTORY_RESULT_ORDER } from './labels.js';
import { ImportRefusal, importMessages, type TotalName } from './messages.js';
import { parseNumber } from './numbers.js';
import { cellAt, type Row } from './rows.js';
import type { Columns } from './records.js';

// A report is checked against its own totals before anything of it is stored, so a file cut
// short (a download or copy that stopped at a row boundary) is refused instead of half-imported.
// What each format carries, checked on every real fixture:
// - every report (history HTML and XLSX, tester HTML) closes its Deals table with a totals row
//   (commission, fee in history, swap, profit, and the closing balance under Balance): the row
//   must be there and agree with the rows above it;
// - the Strategy Tester writes Results before its Orders and Deals, and 'Total Deals' there is
//   the number of trade deals (balance operations left out), which the table must hold;
// - the Trade History writes Results last: its 25 lines must all be there (a cut inside the
//   block keeps the sections but loses lines).

/** Cents: the terminal writes 2 decimals, so sums of written values agree within rounding. */
const CENT = 0.005;

/** The Deals table's totals row as read: the values under the table's own columns. */
export interface DealsTotals {
  row: Row;
  columns: Columns;
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) < CENT + Math.abs(b) * 1e-9;
}

/**
 * What the checks need of the Deals table, summed as its rows are read (in the file's order, so
 * the sums are the same doubles a sum over a list would give): the rows themselves are not kept.
 */
export class DealsTally {
  rows = 0;
  trades = 0;
  commission = 0;
  swap = 0;
  profit = 0;
  tradesProfit = 0;
  fee = 0;
  lastBalance: number | undefined;

  add(d: ImportedDeal): void {
    this.rows++;
    this.commission += d.commission;
    this.swap += d.swap;
    this.profit += d.profit;
    this.fee += d.fee ?? 0;
    if (d.direction !== null) {
      this.trades++;
      this.tradesProfit += d.profit;
    }
    this.lastBalance = d.balance;
  }

  static of(deals: readonly ImportedDeal[]): DealsTally {
    const tally = new DealsTally();
    for (const d of deals) tally.add(d);
    return tally;
  }
}

/** The totals row's figures must be the sums of the rows above it (its absence: assemble.ts). */
export function checkDealsTotals(tally: DealsTally, totals: DealsTotals): void {
  const { row, columns } = totals;
  const hasFee = columns.cols.length === 14;
  const at = (i: number) => (hasFee || i < 9 ? i : i - 1);
  const value = (i: number) => {
    const col = columns.cols[at(i)];
    return parseNumber(col === undefined ? undefined : cellAt(row, col));
  };
  const last = tally.lastBalance;
  const checks: [TotalName, number | null, number[]][] = [
    ['commission', value(8), [tally.commission]],
    ['swap', value(10), [tally.swap]],
    // history sums every row's profit, deposits included; the tester only its trades'
    ['profit', value(11), [tally.profit, tally.tradesProfit]],
    ['balance', value(12), last === undefined ? [] : [last]],
  ];
  if (hasFee) checks.push(['fee', value(9), [tally.fee]]);
  for (const [name, written, rows] of checks) {
    if (rows.length === 0) continue;
    if (written === null) throw new ImportRefusal(importMessages.noDealsTotals);
    if (!rows.some((r) => near(r, written))) {
      throw new ImportRefusal(importMessages.totalsDisagree(name, rows[0] ?? 0, written));
    }
  }
}

/** The tester's 'Total Deals' counts the trade deals the Deals table must hold. */
export function checkTesterDeals(
  tally: DealsTally,
  results: Partial<Record<ResultKey, number>>,
): void {
  const total = results.total_deals;
  if (total === undefined) throw new ImportRefusal(importMessages.noTotalDeals);
  if (tally.trades !== total)
    throw new ImportRefusal(importMessages.dealsCount(tally.trades, total));
}

/** The history's Results block: every one of its lines (the last block of the file). */
export function checkHistoryResults(lines: number): void {
  const expected = HISTORY_RESULT_ORDER.length;
  if (lines < expected) throw new ImportRefusal(importMessages.resultsCut(lines, expected));
}
