import {
  Mt5DealSchema,
  Mt5HistoryOrderSchema,
  type ImportedDeal,
  type ImportedOpenPosition,
  type ImportedOrder,
  type ImportedPosition,
} from '@vortex/core';
import type { z } from 'zod';
import { wallClockToEpoch } from '../imported-deals.js';
import { ImportRefusal, cellProblems as problem, importMessages, limitText } from './messages.js';
import { YEARS, parseNumber, parseVolumePair, readWallClock } from './numbers.js';
import { cellAt, type Row } from './rows.js';

// One data row -> one record. Fields are read by their ordinal among the section's column
// headers (never by the header's words), so the same code reads every language, the HTML's
// colspans and the XLSX's merged columns. What is stored passes the agent's own field schemas
// (Mt5DealSchema, Mt5HistoryOrderSchema): a report carries nothing an agent could not send.

const DEAL = Mt5DealSchema.shape;
const ORDER = Mt5HistoryOrderSchema.shape;

/** A section's columns: their grid positions and the header's own words, to name a cell. */
export interface Columns {
  cols: number[];
  names: string[];
}

/**
 * The bounds a number schema checks, when they are all it checks (greater_than, less_than, a
 * safe integer): a value inside them passes without zod, whose safeParse per cell was a fifth of
 * the records' time on a large report. Anything else goes to zod as before.
 */
interface Bounds {
  lo: number;
  loIn: boolean;
  hi: number;
  hiIn: boolean;
  int: boolean;
}
const boundsOf = new WeakMap<z.ZodType, Bounds | null>();

interface CheckDef {
  check?: string;
  value?: unknown;
  inclusive?: boolean;
  format?: string;
}

function analyse(schema: z.ZodType): Bounds | null {
  const def = (
    schema as unknown as {
      _zod: { def: { type?: string; coerce?: boolean; checks?: { _zod: { def: CheckDef } }[] } };
    }
  )._zod.def;
  if (def.type !== 'number' || def.coerce === true) return null;
  const b: Bounds = { lo: -Infinity, loIn: true, hi: Infinity, hiIn: true, int: false };
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'greater_than' && typeof d.value === 'number') {
      b.lo = d.value;
      b.loIn = d.inclusive === true;
    } else if (d.check === 'less_than' && typeof d.value === 'number') {
      b.hi = d.value;
      b.hiIn = d.inclusive === true;
    } else if (d.check === 'number_format' && d.format === 'safeint') b.int = true;
    else return null;
  }
  return b;
}

/** True when `value` surely passes `schema`; false when zod must say (it may still pass). */
function surelyFits(schema: z.ZodType, value: number): boolean {
  let b = boundsOf.get(schema);
  if (b === undefined) {
    b = analyse(schema);
    boundsOf.set(schema, b);
  }
  if (b === null || !Number.isFinite(value)) return false;
  if (b.int && !Number.isSafeInteger(value)) return false;
  const above = b.loIn ? value >= b.lo : value > b.lo;
  const below = b.hiIn ? value <= b.hi : value < b.hi;
  return above && below;
}

/** textProblem's answers per schema: symbols, types and comments repeat over a report's rows. */
const textProblems = new WeakMap<z.ZodType, Map<string, string | null>>();
const TEXT_MEMO = 4096;

/** Why the agent's `schema` refuses `text` (too long, too short, a control character), or null. */
export function textProblem(schema: z.ZodType<string>, text: string): string | null {
  let memo = textProblems.get(schema);
  if (memo === undefined) {
    memo = new Map();
    textProblems.set(schema, memo);
  }
  const known = memo.get(text);
  if (known !== undefined) return known;
  const answer = readTextProblem(schema, text);
  if (memo.size >= TEXT_MEMO) memo.clear();
  memo.set(text, answer);
  return answer;
}

function readTextProblem(schema: z.ZodType<string>, text: string): string | null {
  const read = schema.safeParse(text);
  if (read.success) return null;
  const issue = read.error.issues[0];
  if (issue?.code === 'too_big') return problem.tooLong(Number(issue.maximum));
  if (issue?.code === 'too_small') {
    return text.trim() === '' ? problem.empty : problem.tooShort(Number(issue.minimum));
  }
  return problem.control;
}

class Fields {
  constructor(
    private readonly row: Row,
    private readonly columns: Columns,
  ) {}

  text(i: number): string {
    const col = this.columns.cols[i];
    return col === undefined ? '' : (cellAt(this.row, col) ?? '');
  }

  optional(i: number): string | null {
    const t = this.text(i);
    return t === '' ? null : t;
  }

  /** Refuses the file, naming this row and the i-th column as its header says. */
  refuse(i: number, what: string): never {
    const name = this.columns.names[i] ?? String(i + 1);
    throw new ImportRefusal(importMessages.cell(this.row.line ?? 0, name, what));
  }

  num(i: number): number {
    const v = parseNumber(this.text(i));
    return v === null ? this.refuse(i, problem.unreadable(this.text(i))) : v;
  }

  numOrNull(i: number): number | null {
    return this.text(i) === '' ? null : this.num(i);
  }

  /** A number the agent's schema bounds (money, price, volume). */
  bounded(i: number, schema: z.ZodNumber): number {
    return this.check(i, this.num(i), schema);
  }

  /** `value`, read from the i-th cell, within the agent's `schema`. */
  check(i: number, value: number, schema: z.ZodNumber): number {
    if (surelyFits(schema, value)) return value;
    const read = schema.safeParse(value);
    if (read.success) return read.data;
    const issue = read.error.issues[0];
    if (issue?.code === 'too_small' && !issue.inclusive) this.refuse(i, problem.notPositive);
    return this.refuse(
      i,
      problem.outOfRange(limitText(schema.minValue ?? -Infinity, schema.maxValue ?? Infinity)),
    );
  }

  boundedOrNull(i: number, schema: z.ZodNumber): number | null {
    return this.text(i) === '' ? null : this.bounded(i, schema);
  }

  /** A time that exists, in the years the agent may report, as stored (São Paulo's clock). */
  time(i: number): [string, number] {
    const t = this.text(i);
    const read = readWallClock(t);
    if ('problem' in read) {
      if (read.problem === 'format') this.refuse(i, problem.unreadable(t));
      if (read.problem === 'impossible') this.refuse(i, problem.impossibleDate(t));
      this.refuse(i, problem.dateOutOfRange(t, YEARS.first, YEARS.last));
    }
    const epoch = wallClockToEpoch(read.ms);
    if (!surelyFits(DEAL.time_msc, epoch) && !DEAL.time_msc.safeParse(epoch).success) {
      this.refuse(i, problem.dateOutOfRange(t, YEARS.first, YEARS.last));
    }
    return [t, read.ms];
  }

  /** A text that is stored (symbol, comment): the agent's length bound; empty may be allowed. */
  stored(i: number, schema: z.ZodType<string>, emptyAllowed = false): string {
    const t = this.text(i);
    if (emptyAllowed && t === '') return t;
    const what = textProblem(schema, t);
    return what === null ? t : this.refuse(i, what);
  }

  ticket(i: number): string {
    const t = this.text(i);
    // an XLSX numeric cell may be written as "112226438.000000"
    const v = /^\d+$/.test(t) ? Number(t) : parseNumber(t);
    if (v === null || !Number.isInteger(v) || v < 0) this.refuse(i, problem.unreadable(t));
    if (!Number.isSafeInteger(v)) this.refuse(i, problem.ticketTooLarge(t));
    return /^\d+$/.test(t) ? t : String(v);
  }
}

export const COLUMN_COUNTS = {
  positions: [13],
  orders: [11],
  deals: [14, 13], // the tester has no Fee column
  open_positions: [12],
} as const;

// The Positions and Open Positions sections are read to match deals, not stored: their times
// must exist, their numbers be numbers.
export function readPosition(row: Row, columns: Columns): ImportedPosition {
  const f = new Fields(row, columns);
  const [open_time_text, open_time] = f.time(0);
  const [close_time_text, close_time] = f.time(8);
  return {
    id: f.ticket(1),
    open_time_text,
    open_time,
    symbol: f.text(2),
    type: f.text(3),
    magic: row.hidden[0] === undefined || row.hidden[0] === '' ? null : row.hidden[0],
    volume: f.num(4),
    open_price: f.num(5),
    sl: f.numOrNull(6),
    tp: f.numOrNull(7),
    close_time_text,
    close_time,
    close_price: f.num(9),
    commission: f.num(10),
    swap: f.num(11),
    profit: f.num(12),
  };
}

export function readOrder(row: Row, columns: Columns): ImportedOrder {
  const f = new Fields(row, columns);
  const [open_time_text, open_time] = f.time(0);
  const [requested, filled] = parseVolumePair(f.text(4));
  if (requested === null || filled === null) return f.refuse(4, problem.unreadable(f.text(4)));
  f.check(4, requested, ORDER.volume_initial);
  f.check(4, filled, ORDER.volume_current);
  const priceText = f.text(5);
  const market = parseNumber(priceText) === null && priceText !== '';
  const done = f.optional(8) === null ? null : f.time(8);
  return {
    ticket: f.ticket(1),
    open_time_text,
    open_time,
    symbol: f.stored(2, ORDER.symbol, true),
    type: f.text(3),
    volume_requested: requested,
    volume_filled: filled,
    price: market ? null : f.boundedOrNull(5, ORDER.price_open),
    market,
    sl: f.boundedOrNull(6, ORDER.sl),
    tp: f.boundedOrNull(7, ORDER.tp),
    done_time_text: done?.[0] ?? null,
    done_time: done?.[1] ?? null,
    state: f.text(9),
    comment: f.stored(10, ORDER.comment),
  };
}

const DIRECTIONS: Record<string, ImportedDeal['direction']> = {
  in: 'in',
  out: 'out',
  'in/out': 'inout',
  inout: 'inout',
  'out by': 'out_by',
  out_by: 'out_by',
};

export function readDeal(row: Row, columns: Columns): ImportedDeal {
  const f = new Fields(row, columns);
  const hasFee = columns.cols.length === 14;
  const at = (i: number) => (hasFee || i < 9 ? i : i - 1);
  const [time_text, time] = f.time(0);
  const dir = f.text(4);
  const direction = dir === '' ? null : DIRECTIONS[dir];
  if (direction === undefined) return f.refuse(4, problem.unreadable(dir));
  const symbol = f.stored(2, DEAL.symbol, true); // balance operations name no symbol
  return {
    ticket: f.ticket(1),
    time_text,
    time,
    symbol: symbol === '' ? null : symbol,
    type: f.text(3),
    direction,
    volume: f.boundedOrNull(5, DEAL.volume),
    price: f.boundedOrNull(6, DEAL.price),
    order: f.optional(7) === null ? null : f.ticket(7),
    commission: f.bounded(8, DEAL.commission),
    fee: hasFee ? f.bounded(9, DEAL.fee.unwrap()) : null,
    swap: f.bounded(at(10), DEAL.swap),
    profit: f.bounded(at(11), DEAL.profit),
    balance: f.num(at(12)),
    comment: f.stored(at(13), DEAL.comment),
  };
}

export function readOpenPosition(row: Row, columns: Columns): ImportedOpenPosition {
  const f = new Fields(row, columns);
  const [open_time_text, open_time] = f.time(0);
  return {
    id: f.ticket(1),
    open_time_text,
    open_time,
    symbol: f.text(2),
    type: f.text(3),
    volume: f.num(4),
    open_price: f.num(5),
    sl: f.numOrNull(6),
    tp: f.numOrNull(7),
    market_price: f.numOrNull(8),
    swap: f.num(9),
    profit: f.num(10),
    comment: f.text(11),
  };
}
