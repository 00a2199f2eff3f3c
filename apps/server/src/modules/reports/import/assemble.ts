import {
  hasControlChars,
  ImportedReportSchema,
  Mt5AccountSchema,
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
import { historyAccount, type Labeled } from './account-header.js';
import { applyResult, HISTORY_RESULT_ORDER, resultEntry } from './labels.js';
import { MarginModeDetector } from './margin-mode.js';
import {
  cellProblems,
  ImportRefusal,
  importMessages,
  limitText,
  type SectionName,
} from './messages.js';
import { isTimeText, parseNumber, readWallClock, YEARS } from './numbers.js';
import {
  COLUMN_COUNTS,
  readDeal,
  readOpenPosition,
  readOrder,
  readPosition,
  type Columns,
} from './records.js';
import { isLabel, labelPairs, nonEmpty, type Cell, type Row } from './rows.js';
import {
  checkDealsTotals,
  checkHistoryResults,
  checkTesterDeals,
  DealsTally,
  type DealsTotals,
} from './totals.js';

// Reads a report row by row, by structure: the first banner is the title; a banner followed by
// column headers opens a table, one followed by "Label:" rows opens a label block. Tables are
// told apart by their order (history: Positions, Orders, Deals, then Open Positions with 12
// columns or Working Orders; tester: Orders, Deals) and label blocks likewise (tester: Settings,
// then Results). Words are read only for the Results labels (labels.ts).

export type ReportKind = 'history' | 'tester';

/**
 * Where the rows go as they are read, when the caller stores them as it reads (the import): the
 * assembler then keeps none of them, only what its checks need (running totals, the margin
 * mode's evidence), and the report it finishes has empty deals, orders and positions. A row the
 * sink was given is still refused with the whole file if a later check fails: the sink's
 * writes must be undone then (the import's transaction).
 */
export interface ReportSink {
  position(p: ImportedPosition): void;
  order(o: ImportedOrder): void;
  deal(d: ImportedDeal): void;
}
type Table = 'positions' | 'orders' | 'deals' | 'open_positions' | 'other';
type Mode =
  | { t: 'start' }
  | { t: 'header' }
  | { t: 'pending'; text: string }
  | { t: 'table'; table: Table; columns: Columns }
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
  private header: Labeled[] = [];
  private summary: Labeled[] = [];
  private lines = 0;
  private settings: string[] = [];
  private inputs: string[] = [];
  private resultPairs: { label: string; text: string }[] = [];
  private firstError: ImportRefusal | null = null;
  private readonly deals: ImportedDeal[] = [];
  private readonly orders: ImportedOrder[] = [];
  private readonly positions: ImportedPosition[] = [];
  private readonly openPositions: ImportedOpenPosition[] = [];
  private workingOrders = 0;
  private dealsTotals: DealsTotals | null = null;
  private readonly tally = new DealsTally();
  private readonly marginMode = new MarginModeDetector();

  constructor(
    private readonly source: 'html' | 'xlsx',
    private readonly sink?: ReportSink,
  ) {}

  /** The kind when the file says it (HTML generator meta); else the title decides. */
  setKind(kind: ReportKind, fromGenerator: boolean): void {
    this.kind ??= kind;
    this.knownGenerator ||= fromGenerator;
  }

  get currentKind(): ReportKind | null {
    return this.kind;
  }

  push(row: Row): void {
    row.line ??= this.lines + 1;
    this.lines = row.line;
    this.refuseControl(row);
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
    const names = nonEmpty(row).map((c) => c.text);
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
    this.mode = { t: 'table', table, columns: { cols, names } };
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
        for (const p of labelPairs(row)) this.header.push({ ...p, line: row.line ?? 0 });
        return;
      case 'table':
        if (isTimeText(row.cells[0]?.text)) {
          this.record(mode.table, row, mode.columns);
          return;
        }
        if (nonEmpty(row).some((c) => isLabel(c.text))) {
          this.mode = { t: 'summary' };
          this.read(row);
          return;
        }
        // a totals row: the Deals table's first one is checked against its rows (totals.ts)
        if (mode.table === 'deals') this.dealsTotals ??= { row, columns: mode.columns };
        return;
      case 'summary':
        for (const p of labelPairs(row)) this.summary.push({ ...p, line: row.line ?? 0 });
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

  private record(table: Table, row: Row, columns: Columns): void {
    if (this.firstError !== null) return;
    try {
      if (table === 'positions') this.position(readPosition(row, columns));
      else if (table === 'orders') this.order(readOrder(row, columns));
      else if (table === 'deals') this.deal(readDeal(row, columns));
      else if (table === 'open_positions') {
        const open = readOpenPosition(row, columns);
        if (this.sink === undefined) this.openPositions.push(open);
      } else this.workingOrders++;
    } catch (err) {
      if (err instanceof ImportRefusal) this.fail(err);
      else throw err;
    }
  }

  private position(p: ImportedPosition): void {
    this.marginMode.position(p);
    if (this.sink === undefined) this.positions.push(p);
    else this.sink.position(p);
  }

  private order(o: ImportedOrder): void {
    if (this.sink === undefined) this.orders.push(o);
    else this.sink.order(o);
  }

  private deal(d: ImportedDeal): void {
    this.tally.add(d);
    this.marginMode.deal(d);
    if (this.sink === undefined) this.deals.push(d);
    else this.sink.deal(d);
  }

  private fail(err: ImportRefusal): void {
    this.firstError ??= err;
  }

  /**
   * No cell of the file may hold a control character (PostgreSQL cannot store a NUL, and none
   * belongs in a symbol, comment or name): the first one is named by its row and column.
   */
  private refuseControl(row: Row): void {
    const bad = row.cells.find((c) => hasControlChars(c.text));
    if (bad === undefined && !row.hidden.some((h) => hasControlChars(h))) return;
    const name = bad === undefined ? importMessages.hiddenColumn : this.nameOf(row, bad);
    this.fail(new ImportRefusal(importMessages.cell(row.line ?? 0, name, cellProblems.control)));
  }

  /** A cell's column as the trader finds it: its table's header, its label, else its place. */
  private nameOf(row: Row, cell: Cell): string {
    const mode = this.mode;
    const at = mode.t === 'table' ? mode.columns.cols.indexOf(cell.col) : -1;
    if (mode.t === 'table' && at >= 0) return mode.columns.names[at] ?? String(at + 1);
    const index = row.cells.indexOf(cell);
    const before = row.cells[index - 1]?.text;
    return before !== undefined && isLabel(before) ? before.slice(0, -1).trim() : String(index + 1);
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
    const { results, unknown } = this.results(kind);
    // a file cut inside a row may leave that row unreadable: being cut is what to say, and the
    // tester's Total Deals (written above its Deals) says how much is missing
    if (this.dealsTotals === null) {
      if (kind === 'tester') checkTesterDeals(this.tally, results);
      throw new ImportRefusal(importMessages.noDealsTotals);
    }
    if (this.firstError !== null) throw this.firstError;
    checkDealsTotals(this.tally, this.dealsTotals);
    if (kind === 'tester') checkTesterDeals(this.tally, results);
    else checkHistoryResults(this.resultPairs.length);
    const named = kind === 'tester' ? this.testerAccount() : historyAccount(this.header);
    const generated = this.header[3]?.text ?? null;
    const generatedAt = generated !== null && isTimeText(generated) ? this.headerDate() : null;
    const report = {
      kind,
      source: this.source,
      title: this.title,
      // the header's margin mode, else what the deals prove (margin-mode.ts)
      account: {
        ...named,
        margin_mode: named.margin_mode ?? this.marginMode.result(),
      },
      generated_at_text: generated !== null && isTimeText(generated) ? generated : null,
      generated_at: generatedAt,
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

  /** The account's figures, stored as an agent's are: within its money bound. */
  private summaryRecord(): Partial<Record<SummaryKey, number>> {
    const out: Partial<Record<SummaryKey, number>> = {};
    const money = Mt5AccountSchema.shape.balance;
    // Balance, Free Margin, Credit Facility, Margin, Floating P/L, Margin Level, Equity
    SUMMARY_KEYS.forEach((key, i) => {
      const pair = this.summary[i];
      const v = parseNumber(pair?.text);
      if (pair === undefined || v === null) return;
      if (!money.safeParse(v).success) {
        const limit = limitText(money.minValue ?? -Infinity, money.maxValue ?? Infinity);
        throw new ImportRefusal(
          importMessages.field(pair.line, pair.label, cellProblems.outOfRange(limit)),
        );
      }
      out[key] = v;
    });
    return out;
  }

  /** When the report was written (the header's fourth line): a time that exists, or refused. */
  private headerDate(): number {
    const date = this.header[3];
    if (date === undefined) throw new ImportRefusal(importMessages.notMt5);
    const read = readWallClock(date.text);
    if ('ms' in read) return read.ms;
    const what =
      read.problem === 'range'
        ? cellProblems.dateOutOfRange(date.text, YEARS.first, YEARS.last)
        : cellProblems.impossibleDate(date.text);
    throw new ImportRefusal(importMessages.field(date.line, date.label, what));
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
