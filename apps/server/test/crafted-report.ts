// A statement as the terminal writes it (our own writer, pt-BR), with one cell rewritten: what a
// trader's hand-edited or hostile file looks like to the importer (issue 25).
import {
  buildStatement,
  encodeUtf16le,
  renderStatementHtml,
  type StatementDeal,
} from '@vortex/core';
import {
  STATEMENT_ACCOUNT,
  STATEMENT_T0,
  statementDeal as deal,
} from '../../../packages/core/src/reports/statement.fixture.js';

const T0 = STATEMENT_T0;

/** A deposit, a long won by 1 300 and a short lost by 20: tickets 1-5, orders 502-505. */
export const CRAFTED_DEALS = [
  deal(1, -1, { type: 2, symbol: '', profit: 10_000, commission: 0 }),
  deal(2, 0, { position_id: 2 }),
  deal(3, 30, { position_id: 2, type: 1, entry: 1, price: 125_150, profit: 1_300 }),
  deal(4, 40, { position_id: 4, type: 1 }),
  deal(5, 50, { position_id: 4, type: 0, entry: 1, profit: -20 }),
];

/** One round trip of a random report: a buy in and a sell out of the same volume. */
export interface Trip {
  price: number;
  volume: number;
  profit: number;
  commission: number;
}

/** A deposit (ticket 1), then trip i as deals 2i and 2i+1 (orders 2i+500, 2i+501). */
export function tripDeals(trips: readonly Trip[]): StatementDeal[] {
  return [
    deal(1, -1, { type: 2, symbol: '', profit: 10_000, commission: 0 }),
    ...trips.flatMap((t, i) => {
      const at = { position_id: 2 * i + 2, volume: t.volume, commission: t.commission };
      return [
        deal(2 * i + 2, 10 * i, { ...at, price: t.price }),
        deal(2 * i + 3, 10 * i + 5, { ...at, type: 1, entry: 1, price: t.price, profit: t.profit }),
      ];
    }),
  ];
}

/** The statement's HTML text (pt-BR: the column names the brief's messages use). */
export function statementHtml(deals: readonly StatementDeal[] = CRAFTED_DEALS): string {
  const model = buildStatement({
    ownerName: 'Ana Souza',
    account: STATEMENT_ACCOUNT,
    figures: {
      balance: 11_276,
      equity: 11_276,
      margin: 0,
      free_margin: 11_276,
      margin_level: 0,
      profit: 0,
    },
    from: T0 - 86_400_000,
    to: T0 + 86_400_000,
    generatedAt: T0 + 86_400_000,
    startBalance: 0,
    deals,
    openPositions: [],
    workingOrders: [],
    reportType: 'full',
    language: 'pt-BR',
  });
  return renderStatementHtml(model);
}

/** The section banners of the pt-BR statement that hold stored rows. */
export type CraftedSection = 'Ordens' | 'Transações';

/** The file as uploaded: UTF-16 LE, as the terminal writes it. */
export const asFile = (html: string) => Buffer.from(encodeUtf16le(html));

const CELL = /<td\b([^>]*)>([\s\S]*?)<\/td>/g;

/**
 * `html` with the `column`-th visible cell (hidden cells do not count) of the row of `section`
 * whose second cell is `ticket` set to `text`, and that row's number in the file: the count of
 * <tr> up to it, as a trader counting the report's rows finds it.
 */
export function withCell(
  html: string,
  section: CraftedSection,
  ticket: number,
  column: number,
  text: string,
): { html: string; line: number } {
  const from = html.indexOf(`<b>${section}</b>`);
  if (from < 0) throw new Error(`no section ${section}`);
  const rows = html.slice(from).split(/(?=<tr\b)/);
  let offset = from;
  for (const row of rows) {
    const cells = [...row.matchAll(CELL)].filter((m) => !/class="hidden"/.test(m[1] ?? ''));
    if (cells[1]?.[2] === String(ticket) && cells.length > column) {
      const cell = cells[column];
      if (cell?.index === undefined) break;
      const rewritten = `${row.slice(0, cell.index)}<td${cell[1]}>${text}</td>${row.slice(cell.index + cell[0].length)}`;
      const line = (html.slice(0, offset).match(/<tr\b/g) ?? []).length + 1;
      return { html: html.slice(0, offset) + rewritten + html.slice(offset + row.length), line };
    }
    offset += row.length;
  }
  throw new Error(`no row ${ticket} in ${section}`);
}

/** The row number of the line `label` (e.g. 'Saldo:') and the html with its value set. */
export function withLabelValue(
  html: string,
  label: string,
  text: string,
): { html: string; line: number } {
  const at = html.indexOf(`>${label}</`);
  if (at < 0) throw new Error(`no label ${label}`);
  const value = /<t[dh][^>]*>(?:<b>)?([^<]*)(?:<\/b>)?<\/t[dh]>/.exec(html.slice(at));
  if (!value) throw new Error(`no value beside ${label}`);
  const valueAt = at + value.index;
  const line = (html.slice(0, at).match(/<tr\b/g) ?? []).length;
  const replaced = value[0].replace(`>${value[1] ?? ''}<`, `>${text}<`);
  return {
    html: html.slice(0, valueAt) + replaced + html.slice(valueAt + value[0].length),
    line,
  };
}
