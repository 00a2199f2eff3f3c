import { ImportRefusal } from './messages.js';

// Every cap a report is read under, checked while it streams: the read stops at the first one
// passed. Sized from the fixtures (test/fixtures/mt5): a Trade History XLSX takes ~320 bytes of
// zip per deal and inflates ~11x (3,650 bytes of UTF-16 sheet, 2.6 rows, 39 cells and 1.2
// shared strings of ~16 characters per deal); the terminal's UTF-16 HTML takes ~1,750 bytes per
// deal. The upload cap (400 MB, sized for a 200,000-deal HTML of ~347 MB) lets an XLSX declare
// far more, so the inflated caps are what stop it: a 200,000-deal XLSX (~64 MB) inflates its
// sheet to ~730 MB. Each cap below is at least twice what a 200,000-deal report needs, and all
// together keep a hostile file to 2 GB inflated and ~100 MB of strings instead of the unbounded
// reads issue 25 found.

const MB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** Zip entries: the terminal writes 25 (folders included). */
  xlsxEntries: 100,
  /** One entry inflated, declared and actual: the sheet of 200,000 deals is ~730 MB. */
  xlsxEntryBytes: 1600 * MB,
  /** All entries inflated, declared and actual. */
  xlsxTotalBytes: 2048 * MB,
  /** Inflated / compressed per entry, once past 1 MB: the terminal's parts deflate 3-15x. */
  xlsxRatio: 100,
  /** Rows of a sheet or an HTML page: ~2.6 per deal (deals, orders, positions). */
  rows: 1_500_000,
  /** Cells of the whole report: ~15 per row in the terminal's grid. */
  cells: 25_000_000,
  /** Cells of one row: the terminal writes 15 (HTML: 14 and a few hidden). */
  rowCells: 64,
  /** Characters of one cell or shared string: the longest seen is 46 (a comment is <= 31). */
  cellChars: 4_096,
  /** Shared strings (symbols, comments, types): 1.2 per deal in the fixtures. */
  sharedStrings: 1_000_000,
  /** Characters of all shared strings: ~16 per string. */
  sharedChars: 32_000_000,
};

export type ImportLimits = typeof IMPORT_LIMITS;

/** The ratio is judged only past this much: tiny parts (styles, rels) may compress oddly. */
export const RATIO_FLOOR_BYTES = 1 * MB;

const count = (n: number) => n.toLocaleString('pt-BR');

export const limitMessages = {
  xlsxEntries: (n: number) => `O arquivo XLSX tem mais de ${count(n)} partes.`,
  xlsxEntryBytes: (n: number) => `Uma parte do arquivo XLSX descompactada passa de ${n / MB} MB.`,
  xlsxTotalBytes: (n: number) => `O arquivo XLSX descompactado passa de ${n / MB} MB.`,
  xlsxRatio: (n: number) =>
    `O arquivo XLSX está compactado mais de ${count(n)} vezes, o que nenhum relatório do MetaTrader 5 faz.`,
  rows: (n: number) => `O relatório passa de ${count(n)} linhas.`,
  cells: (n: number) => `O relatório passa de ${count(n)} células.`,
  rowCells: (n: number) => `Uma linha do relatório passa de ${count(n)} células.`,
  cellChars: (n: number) => `Uma célula do relatório passa de ${count(n)} caracteres.`,
  sharedStrings: (n: number) => `O arquivo XLSX passa de ${count(n)} textos compartilhados.`,
  sharedChars: (n: number) =>
    `Os textos compartilhados do arquivo XLSX passam de ${count(n)} caracteres.`,
} satisfies Record<keyof ImportLimits, (n: number) => string>;

/** A cap passed: the upload is refused with 413, naming the cap. */
export class ImportLimitRefusal extends ImportRefusal {
  constructor(
    readonly cap: keyof ImportLimits,
    limit: number,
  ) {
    super(limitMessages[cap](limit));
  }
}

/** The caps in force for one read (tests lower them) and the counter that enforces them. */
export class ImportBudget {
  readonly limits: ImportLimits;

  constructor(overrides: Partial<ImportLimits> = {}) {
    this.limits = { ...IMPORT_LIMITS, ...overrides };
  }

  /** Refuses when `value` passes the cap `cap`. */
  check(cap: keyof ImportLimits, value: number): void {
    if (value > this.limits[cap]) throw new ImportLimitRefusal(cap, this.limits[cap]);
  }
}
