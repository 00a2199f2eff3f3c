import type {
  ImportedDeal,
  ImportedOpenPosition,
  ImportedOrder,
  ImportedPosition,
} from '@vortex/core';
import { ImportRefusal, importMessages, type SectionName } from './messages.js';
import { isTimeText, parseNumber, parseVolumePair, wallClockMs } from './numbers.js';
import { cellAt, type Row } from './rows.js';

// One data row -> one record. Fields are read by their ordinal among the section's column
// headers (never by the header's words), so the same code reads every language, the HTML's
// colspans and the XLSX's merged columns.

class Fields {
  constructor(
    private readonly row: Row,
    private readonly cols: number[],
    private readonly section: SectionName,
  ) {}

  text(i: number): string {
    const col = this.cols[i];
    return col === undefined ? '' : (cellAt(this.row, col) ?? '');
  }

  optional(i: number): string | null {
    const t = this.text(i);
    return t === '' ? null : t;
  }

  num(i: number): number {
    const v = parseNumber(this.text(i));
    if (v === null) throw new ImportRefusal(importMessages.badValue(this.section, this.text(i)));
    return v;
  }

  numOrNull(i: number): number | null {
    const t = this.text(i);
    if (t === '') return null;
    return this.num(i);
  }

  time(i: number): [string, number] {
    const t = this.text(i);
    const ms = isTimeText(t) ? wallClockMs(t) : null;
    if (ms === null) throw new ImportRefusal(importMessages.badValue(this.section, t));
    return [t, ms];
  }

  ticket(i: number): string {
    const t = this.text(i);
    if (/^\d+$/.test(t)) return t;
    // an XLSX numeric cell may be written as "112226438.000000"
    const v = parseNumber(t);
    if (v === null || !Number.isSafeInteger(v) || v < 0) {
      throw new ImportRefusal(importMessages.badValue(this.section, t));
    }
    return String(v);
  }
}

export const COLUMN_COUNTS = {
  positions: [13],
  orders: [11],
  deals: [14, 13], // the tester has no Fee column
  open_positions: [12],
} as const;

export function readPosition(row: Row, cols: number[]): ImportedPosition {
  const f = new Fields(row, cols, 'positions');
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

export function readOrder(row: Row, cols: number[]): ImportedOrder {
  const f = new Fields(row, cols, 'orders');
  const [open_time_text, open_time] = f.time(0);
  const [requested, filled] = parseVolumePair(f.text(4));
  if (requested === null || filled === null) {
    throw new ImportRefusal(importMessages.badValue('orders', f.text(4)));
  }
  const priceText = f.text(5);
  const market = parseNumber(priceText) === null && priceText !== '';
  const done = f.optional(8) === null ? null : f.time(8);
  return {
    ticket: f.ticket(1),
    open_time_text,
    open_time,
    symbol: f.text(2),
    type: f.text(3),
    volume_requested: requested,
    volume_filled: filled,
    price: market ? null : f.numOrNull(5),
    market,
    sl: f.numOrNull(6),
    tp: f.numOrNull(7),
    done_time_text: done?.[0] ?? null,
    done_time: done?.[1] ?? null,
    state: f.text(9),
    comment: f.text(10),
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

export function readDeal(row: Row, cols: number[]): ImportedDeal {
  const f = new Fields(row, cols, 'deals');
  const hasFee = cols.length === 14;
  const at = (i: number) => (hasFee || i < 9 ? i : i - 1);
  const [time_text, time] = f.time(0);
  const dir = f.text(4);
  const direction = dir === '' ? null : DIRECTIONS[dir];
  if (direction === undefined) throw new ImportRefusal(importMessages.badValue('deals', dir));
  return {
    ticket: f.ticket(1),
    time_text,
    time,
    symbol: f.optional(2),
    type: f.text(3),
    direction,
    volume: f.numOrNull(5),
    price: f.numOrNull(6),
    order: f.optional(7) === null ? null : f.ticket(7),
    commission: f.num(8),
    fee: hasFee ? f.num(9) : null,
    swap: f.num(at(10)),
    profit: f.num(at(11)),
    balance: f.num(at(12)),
    comment: f.text(at(13)),
  };
}

export function readOpenPosition(row: Row, cols: number[]): ImportedOpenPosition {
  const f = new Fields(row, cols, 'positions');
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
