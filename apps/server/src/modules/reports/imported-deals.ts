import {
  DEFAULT_TIME_ZONE,
  zoneClock,
  type ImportedDeal,
  type ImportedPosition,
  type ImportedReport,
  type Mt5Deal,
} from '@vortex/core';
import { closedLot, ProfitScale } from './import/margin-mode.js';
import { ImportRefusal } from './import/messages.js';
import { importRouteMessages } from './report-import.messages.js';

// The report's deals as the agent would have sent them, so they go in through the same insert.
// The report names no position per deal: each is given one by replaying the history as the
// terminal keeps positions (see PositionAssigner), checked against the Positions section.

// MT5 ENUM_DEAL_TYPE by the words the terminal writes (in every language).
const DEAL_TYPES: Record<string, number> = {
  buy: 0,
  sell: 1,
  balance: 2,
  credit: 3,
  charge: 4,
  correction: 5,
  bonus: 6,
  commission: 7,
  'daily commission': 8,
  'monthly commission': 9,
  'daily agent commission': 10,
  'monthly agent commission': 11,
  'interest rate': 12,
  'canceled buy': 13,
  'canceled sell': 14,
  dividend: 15,
  'franked dividend': 16,
  tax: 17,
};
/** Any other money movement the terminal names is a balance operation. */
const OTHER_OPERATION = 2;
const ENTRIES = { in: 0, out: 1, inout: 2, out_by: 3 } as const;

/** The terminal writes its trade server's wall clock; Vórtex reads it as São Paulo's, as it shows. */
export function wallClockToEpoch(wallAsUtc: number): number {
  const clock = zoneClock(DEFAULT_TIME_ZONE);
  return wallAsUtc - clock.offsetAt(wallAsUtc - clock.offsetAt(wallAsUtc));
}

// MT5 writes why the server closed a position in the deal's comment: '[sl 1.234]', '[tp …]', '[so …]'.
/** The reason the comment names, else null (then the magic decides: see reasonOf). */
export function commentReason(comment: string): number | null {
  const m = /^\[?(sl|tp|so)\b/i.exec(comment.trim());
  return m ? { sl: 4, tp: 5, so: 6 }[m[1]?.toLowerCase() as 'sl' | 'tp' | 'so'] : null;
}

export function reasonOf(comment: string, magic: number): number {
  return commentReason(comment) ?? (magic > 0 ? 3 : 0);
}

export function safeTicket(text: string | null): number {
  if (text === null) return 0;
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new ImportRefusal(importRouteMessages.ticketTooLarge(text));
  return n;
}

interface OpenPosition {
  id: number;
  side: 0 | 1;
  volume: number;
  /** The opening price (netting: the average of what was added), to match a close's profit. */
  price: number;
}

/** What the deals need of a position the Positions section lists. */
interface Listed {
  close_time: number;
  profit: number;
  magic: number;
}

const EPS = 1e-9;

/**
 * The report's Positions section, kept for matching deals: three numbers per position by id,
 * and per symbol the first position closed at each time (the report's rows are not kept).
 */
export class ListedPositions {
  private readonly byId = new Map<number, Listed>();
  private readonly closedAt = new Map<string, Map<number, number>>();

  add(p: ImportedPosition): void {
    const id = Number(p.id);
    const magic = p.magic === null ? 0 : Number(p.magic);
    this.byId.set(id, { close_time: p.close_time, profit: p.profit, magic });
    let bySymbol = this.closedAt.get(p.symbol);
    if (bySymbol === undefined) {
      bySymbol = new Map();
      this.closedAt.set(p.symbol, bySymbol);
    }
    if (!bySymbol.has(p.close_time)) bySymbol.set(p.close_time, safeTicket(p.id));
  }

  get(id: number): Listed | undefined {
    return this.byId.get(id);
  }

  /** The first position of `symbol` the section says closed at `time`. */
  closedThen(symbol: string, time: number): number | undefined {
    return this.closedAt.get(symbol)?.get(time);
  }

  /** The magic of the position the deal belongs to (the section writes it; deals do not). */
  magicOf(position: number): number {
    const magic = this.byId.get(position)?.magic ?? 0;
    return Number.isSafeInteger(magic) ? magic : 0;
  }
}

/**
 * Position ids for the report's trade deals, as the terminal assigns them, one deal at a time in
 * the report's order: a position's id is the ticket of the order that opened it. An 'in' deal
 * opens a new position (hedging, or when its order is one of the Positions section's ids) or adds
 * to the symbol's open one (netting); an 'out' closes the symbol's opposite position, on hedging
 * the one the Positions section says closed then, else the one its profit shows (closedBy); an
 * 'in/out' turns the netting position around under its id. A closing deal whose opening is before
 * the report's history gets its own order's id. Hedging is the report's margin mode: its
 * header's, else what its deals prove (import/margin-mode.ts). What it keeps is the open
 * positions, not the deals.
 */
export class PositionAssigner {
  private readonly open = new Map<string, OpenPosition[]>();
  private readonly scale = new ProfitScale();

  constructor(
    private readonly hedging: boolean,
    private readonly known: ListedPositions,
  ) {}

  /** Each listed position, before any deal: what its profit says of the symbol's money per lot. */
  position(p: ImportedPosition): void {
    this.scale.learnPosition(p);
  }

  /** The deal's position id (0 for a balance operation). */
  assign(d: ImportedDeal): number {
    const side = DEAL_TYPES[d.type];
    if ((side !== 0 && side !== 1) || d.symbol === null || d.direction === null) return 0;
    const book = this.open.get(d.symbol) ?? [];
    this.open.set(d.symbol, book);
    const volume = d.volume ?? 0;
    const price = d.price ?? 0;
    const own = safeTicket(d.order ?? d.ticket);
    if (d.direction === 'in') {
      const adding = book.find((p) => p.side === side);
      const listed = d.order !== null && this.known.get(Number(d.order)) !== undefined;
      if (adding && !this.hedging && !listed) {
        adding.price = (adding.price * adding.volume + price * volume) / (adding.volume + volume);
        adding.volume += volume;
        return adding.id;
      }
      book.push({ id: own, side, volume, price });
      return own;
    }
    const against = book.filter((p) => p.side !== side);
    const first = against[0];
    // every open position at one price: the close's profit shows the symbol's money per lot
    if (first && against.every((p) => Math.abs(p.price - first.price) < EPS)) {
      this.scale.learn(d, first.price);
    }
    const closing = this.closedBy(d, against);
    if (!closing) {
      if (d.direction === 'inout') book.push({ id: own, side, volume, price });
      return this.known.closedThen(d.symbol, d.time) ?? own;
    }
    const left = closing.volume - volume;
    if (left > EPS) closing.volume = left;
    else {
      book.splice(book.indexOf(closing), 1);
      // Turned around: the rest opens the other way under the same id.
      if (d.direction === 'inout' && -left > EPS)
        book.push({ id: closing.id, side, volume: -left, price });
    }
    return closing.id;
  }

  /**
   * The open position a closing deal closes, on hedging: of those the Positions section says
   * closed at the deal's time, the one it closes whole at its profit (several positions closed
   * in the same second, as a stop-out or a close-all does, differ by volume and profit), else
   * whole, else the one of them its profit shows, else any of them; else, of those still open by
   * the section, the one whose opening price its profit shows, else the oldest whole
   * (margin-mode.ts's closedLot). On netting there is one.
   */
  private closedBy(d: ImportedDeal, against: OpenPosition[]): OpenPosition | undefined {
    const volume = d.volume ?? 0;
    const scale = this.scale;
    const then = against.filter((p) => this.known.get(p.id)?.close_time === d.time);
    const whole = then.filter((p) => Math.abs(p.volume - volume) < EPS);
    return (
      whole.find((p) => Math.abs((this.known.get(p.id)?.profit ?? NaN) - d.profit) < 0.005) ??
      closedLot(d, whole, scale) ??
      closedLot(d, then, scale) ??
      // not one the Positions section says closed before this deal
      closedLot(
        d,
        against.filter((p) => (this.known.get(p.id)?.close_time ?? Infinity) >= d.time),
        scale,
      ) ??
      closedLot(d, against, scale)
    );
  }
}

/** A report's deal as the agent would have sent it, in the position `position`. */
export function importedDeal(d: ImportedDeal, position: number, known: ListedPositions): Mt5Deal {
  const magic = known.magicOf(position);
  const time_msc = wallClockToEpoch(d.time);
  return {
    ticket: safeTicket(d.ticket),
    order: safeTicket(d.order),
    position_id: position,
    symbol: d.symbol ?? '',
    type: DEAL_TYPES[d.type] ?? OTHER_OPERATION,
    entry: d.direction === null ? 0 : ENTRIES[d.direction],
    volume: d.volume ?? 0,
    price: d.price ?? 0,
    profit: d.profit,
    commission: d.commission,
    // The terminal's Fee column; a Strategy Tester report has none.
    fee: d.fee ?? 0,
    swap: d.swap,
    magic,
    reason: reasonOf(d.comment, magic),
    comment: d.comment,
    time: Math.floor(time_msc / 1000),
    time_msc,
  };
}

/** The report's deals as Mt5Deal rows, in the report's order. */
export function importedDeals(report: ImportedReport): Mt5Deal[] {
  const known = new ListedPositions();
  const assigner = new PositionAssigner(report.account.margin_mode === 'hedging', known);
  for (const p of report.positions) {
    known.add(p);
    assigner.position(p);
  }
  return report.deals.map((d) => importedDeal(d, assigner.assign(d), known));
}
