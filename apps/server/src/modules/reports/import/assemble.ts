import {
  ImportedReportSchema,
  type ImportedAccount,
  type ImportedDeal,
  type ImportedOpenPosition,
  type ImportedOrder,
  type ImportedPosition,
  type ImportedReport,
  type ResultKey,
  type SummaryKey,
  SUMMARY_KEYS,
} from '@vortex/core';
import { applyResult, HISTORY_RESULT_ORDER, resultEntry } from './labels.js';
import { ImportRefusal, importMessages, type SectionName } from './messages.js';
import { isTimeText, parseNumber, wallClockMs } from './numbers.js';
import { COLUMN_COUNTS, readDeal, readOpenPosition, readOrder, readPosition } from './records.js';
import { isLabel, labelPairs, nonEmpty, type Row } from './rows.js';

// Reads a report row by row, by structure: the first banner is the title; a banner followed by
// column headers opens a table, one followed by "Label:" rows opens a label block. Tables are
// told apart by their order (history: Positions, Orders, Deals, then Open Positions with 12
// columns or Working Orders; tester: Orders, Deals) and label blocks likewise (tester: Settings,
// then Results). Words are read only for the Results labels (labels.ts).

export type ReportKind = 'history' | 'tester';
type Table = 'positions' | 'orders' | 'deals' | 'open_positions' | 'other';
type Mode =
  | { t: 'start' }
  | { t: 'header' }
  | { t: 'pending'; text: string }
  | { t: 'table'; table: Table; cols: number[] }
  | { t: 'settings' }
  | { t: 'results' }
  | { t: 'summary' };

const TESTER_SETTINGS = [
  'expert',
  'symbol',
  'period',
  'inputs',
  'company',
  'currency',
  'initial_deposit',
  'leverage',
] as const;

export class ReportAssembler {
  private kind: ReportKind | null = null;
  private knownGenerator = false;
  private mode: Mode = { t: 'start' };
  private title: string | null = null;
  private info: string[] = [];
  private tables = 0;
  private labelBlocks = 0;
  private seen = new Set<SectionName>();
  private header: string[] = [];
  private summary: number[] = [];
  private settings: string[] = [];
  private inputs: string[] = [];
  private resultPairs: { label: string; text: string }[] = [];
  private firstError: ImportRefusal | null = null;
  private readonly deals: ImportedDeal[] = [];
  private readonly orders: ImportedOrder[] = [];
  private readonly positions: ImportedPosition[] = [];
  private readonly openPositions: ImportedOpenPosition[] = [];
  private workingOrders = 0;

  constructor(private readonly source: 'html' | 'xlsx') {}

  /** The kind when the file says it (HTML generator meta); else the title decides. */
  setKind(kind: ReportKind, fromGenerator: boolean): void {
    this.kind ??= kind;
    this.knownGenerator ||= fromGenerator;
  }

  get currentKind(): ReportKind | null {
    return this.kind;
  }

  push(row: Row): void {
    const cells = nonEmpty(row);
    if (cells.length === 0) return;
    if (row.banner) {
      const text = cells[0]?.text ?? '';
      if (this.title === null) {
        this.title = text;
        this.mode = { t: 'header' };
        return;
      }
      if (this.mode.t === 'pending') this.info.push(this.mode.text);
      this.mode = { t: 'pending', text };
      return;
    }
    if (this.mode.t === 'pending')
      this.open(
        row,
        cells.some((c) => isLabel(c.text)),
      );
    this.read(row);
  }

  private open(row: Row, labels: boolean): void {
    if (labels) {
      const block = this.labelBlocks++;
      this.mode = this.kind === 'tester' && block === 0 ? { t: 'settings' } : { t: 'results' };
      return;
    }
    const index = this.tables++;
    const cols = nonEmpty(row).map((c) => c.col);
    const order: Table[] =
      this.kind === 'tester' ? ['orders', 'deals'] : ['positions', 'orders', 'deals'];
    const table = order[index] ?? (cols.length === 12 ? 'open_positions' : 'other');
    if (table !== 'other') {
      const expected: readonly number[] = COLUMN_COUNTS[table];
      if (!expected.includes(cols.length)) {
        this.fail(
          new ImportRefusal(
            importMessages.unexpectedColumns(table === 'open_positions' ? 'positions' : table),
          ),
        );
      }
      if (table !== 'open_positions') this.seen.add(table);
    }
    // the header row itself is consumed here
    this.mode = { t: 'table', table, cols };
    this.skipHeader = true;
  }

  private skipHeader = false;

  private read(row: Row): void {
    if (this.skipHeader) {
      this.skipHeader = false;
      return;
    }
    const mode = this.mode;
    switch (mode.t) {
      case 'header':
        for (const p of labelPairs(row)) this.header.push(p.text);
        return;
      case 'table':
        if (isTimeText(row.cells[0]?.text)) {
          this.record(mode.table, row, mode.cols);
          return;
        }
        if (nonEmpty(row).some((c) => isLabel(c.text))) {
          this.mode = { t: 'summary' };
          this.read(row);
        }
        return; // a totals row
      case 'summary':
        for (const p of labelPairs(row)) this.summary.push(parseNumber(p.text) ?? NaN);
        return;
      case 'settings': {
        const pairs = labelPairs(row);
        for (const p of pairs) this.settings.push(p.text);
        // the inputs run on below their label, one "name=value" per row with no label
        if (pairs.length === 0 && this.settings.length === 4) {
          for (const c of nonEmpty(row)) this.inputs.push(c.text);
        }
        return;
      }
      case 'results':
        this.seen.add('results');
        this.resultPairs.push(...labelPairs(row));
        return;
      default:
        return;
    }
  }

  private record(table: Table, row: Row, cols: number[]): void {
    if (this.firstError !== null) return;
    try {
      if (table === 'positions') this.positions.push(readPosition(row, cols));
      else if (table === 'orders') this.orders.push(readOrder(row, cols));
      else if (table === 'deals') this.deals.push(readDeal(row, cols));
      else if (table === 'open_positions') this.openPositions.push(readOpenPosition(row, cols));
      else this.workingOrders++;
    } catch (err) {
      if (err instanceof ImportRefusal) this.fail(err);
      else throw err;
    }
  }

  private fail(err: ImportRefusal): void {
    this.firstError ??= err;
  }

  finish(): ImportedReport {
    if (this.title === null || (!this.knownGenerator && this.tables === 0)) {
      throw new ImportRefusal(importMessages.notMt5);
    }
    const kind = this.kind ?? 'history';
    const required: SectionName[] =
      kind === 'tester'
        ? ['orders', 'deals', 'results']
        : ['positions', 'orders', 'deals', 'results'];
    const missing = required.filter((s) => !this.seen.has(s));
    if (missing.length > 0) throw new ImportRefusal(importMessages.incomplete(missing));
    if (this.firstError !== null) throw this.firstError;

    const { results, unknown } = this.results(kind);
    const generated = this.header[3] ?? null;
    const report = {
      kind,
      source: this.source,
      title: this.title,
      account: kind === 'tester' ? this.testerAccount() : historyAccount(this.header),
      generated_at_text: generated !== null && isTimeText(generated) ? generated : null,
      generated_at: generated !== null ? wallClockMs(generated) : null,
      deals: this.deals,
      orders: this.orders,
      positions: this.positions,
      open_positions: this.openPositions,
      working_orders: this.workingOrders,
      summary: this.summaryRecord(),
      results,
      unknown_results: unknown,
      tester: kind === 'tester' ? this.testerSettings() : null,
    };
    const parsed = ImportedReportSchema.safeParse(report);
    if (!parsed.success) throw new ImportRefusal(importMessages.invalid);
    return parsed.data;
  }

  private results(kind: ReportKind) {
    const results: Partial<Record<ResultKey, number>> = {};
    const unknown: { label: string; text: string }[] = [];
    const known = this.resultPairs.filter((p) => resultEntry(p.label) !== undefined);
    // a language we have no labels for: the history block's 25 lines are in a fixed order
    const byPosition = kind === 'history' && known.length === 0 && this.resultPairs.length === 25;
    this.resultPairs.forEach((p, i) => {
      const entry = byPosition ? HISTORY_RESULT_ORDER[i] : resultEntry(p.label);
      if (entry === undefined || !applyResult(entry, p.text, results)) unknown.push(p);
    });
    if (kind === 'tester') {
      const deposit = parseNumber(this.settings[6]);
      if (deposit !== null) results.initial_deposit = deposit;
    }
    return { results, unknown };
  }

  private summaryRecord(): Partial<Record<SummaryKey, number>> {
    const out: Partial<Record<SummaryKey, number>> = {};
    // Balance, Free Margin, Credit Facility, Margin, Floating P/L, Margin Level, Equity
    SUMMARY_KEYS.forEach((key, i) => {
      const v = this.summary[i];
      if (v !== undefined && Number.isFinite(v)) out[key] = v;
    });
    return out;
  }

  private testerAccount(): ImportedAccount {
    // "Exness-MT5Trial (Build 4885)"
    const server = this.info[0]?.replace(/\s*\(.*\)\s*$/, '') ?? null;
    return {
      login: null,
      name: null,
      server: server === '' ? null : server,
      currency: this.settings[5] ?? null,
      company: this.settings[4] ?? null,
      mode: null,
      margin_mode: null,
    };
  }

  private testerSettings() {
    const s = (i: number) => this.settings[i] ?? null;
    const build = /\((?:\D*)(\d+)\)\s*$/.exec(this.info[0] ?? '')?.[1];
    return {
      expert: s(TESTER_SETTINGS.indexOf('expert')),
      symbol: s(TESTER_SETTINGS.indexOf('symbol')),
      period: s(TESTER_SETTINGS.indexOf('period')),
      inputs: [...(this.settings[3] === undefined ? [] : [this.settings[3]]), ...this.inputs],
      leverage: s(TESTER_SETTINGS.indexOf('leverage')),
      build: build === undefined ? null : Number(build),
    };
  }
}

const MODES = new Set(['real', 'demo', 'contest']);
const MARGIN: Record<string, ImportedAccount['margin_mode']> = {
  hedge: 'hedging',
  hedging: 'hedging',
  netting: 'netting',
  exchange: 'exchange',
};

/** Name, Account ("541223056 (USD, FTMO-Server4, real, Hedge)"), Company, Date, in that order. */
function historyAccount(header: string[]): ImportedAccount {
  const [name, account, company] = header;
  const open = account?.indexOf('(') ?? -1;
  const login = (open < 0 ? account : account?.slice(0, open))?.trim() ?? '';
  const inside =
    open < 0
      ? []
      : (account ?? '')
          .slice(open + 1)
          .replace(/\)\s*$/, '')
          .split(',');
  const [currency, server, mode, margin] = inside.map((s) => s.trim());
  return {
    login: /^\d+$/.test(login) ? login : null,
    name: name ?? null,
    server: server || null,
    currency: currency || null,
    company: company ?? null,
    mode: mode !== undefined && MODES.has(mode) ? (mode as ImportedAccount['mode']) : null,
    margin_mode: MARGIN[margin?.toLowerCase() ?? ''] ?? null,
  };
}
