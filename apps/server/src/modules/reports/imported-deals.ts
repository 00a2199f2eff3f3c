import { DEFAULT_TIME_ZONE, zoneClock, type ImportedReport, type Mt5Deal } from '@vortex/core';
import { closedLot, ProfitScale } from './import/margin-mode.js';
import { ImportRefusal } from './import/messages.js';
import { importRouteMessages } from './report-import.messages.js';

// The report's deals as the agent would have sent them, so they go in through the same insert.
// The report names no position per deal: each is given one by replaying the history as the
// terminal keeps positions (see assignPositions), checked against the Positions section.

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
export function reasonOf(comment: string, magic: number): number {
  const m = /^\[?(sl|tp|so)\b/i.exec(comment.trim());
  if (m) return { sl: 4, tp: 5, so: 6 }[m[1]?.toLowerCase() as 'sl' | 'tp' | 'so'];
  return magic > 0 ? 3 : 0;
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

const EPS = 1e-9;

/**
 * Position ids for the report's trade deals, as the terminal assigns them: a position's id is
 * the ticket of the order that opened it. An 'in' deal opens a new position (hedging, or when
 * its order is one of the Positions section's ids) or adds to the symbol's open one (netting);
 * an 'out' closes the symbol's opposite position, on hedging the one the Positions section says
 * closed then, else the one its profit shows (closedBy); an 'in/out' turns the netting position
 * around under its id. A closing deal whose opening is before the report's history gets its own
 * order's id. Hedging is the report's margin mode: its header's, else what its deals prove
 * (import/margin-mode.ts).
 */
function assignPositions(report: ImportedReport): Map<string, number> {
  const known = new Map(report.positions.map((p) => [p.id, p]));
  const hedging = report.account.margin_mode === 'hedging';
  const open = new Map<string, OpenPosition[]>();
  const ids = new Map<string, number>();
  const scale = new ProfitScale();
  for (const p of report.positions) scale.learnPosition(p);
  for (const d of report.deals) {
    const side = DEAL_TYPES[d.type];
    if ((side !== 0 && side !== 1) || d.symbol === null || d.direction === null) continue;
    const book = open.get(d.symbol) ?? [];
    open.set(d.symbol, book);
    const volume = d.volume ?? 0;
    const price = d.price ?? 0;
    const own = safeTicket(d.order ?? d.ticket);
    if (d.direction === 'in') {
      const adding = book.find((p) => p.side === side);
      if (adding && !hedging && !(d.order !== null && known.has(d.order))) {
        adding.price = (adding.price * adding.volume + price * volume) / (adding.volume + volume);
        adding.volume += volume;
        ids.set(d.ticket, adding.id);
      } else {
        book.push({ id: own, side, volume, price });
        ids.set(d.ticket, own);
      }
      continue;
    }
    const against = book.filter((p) => p.side !== side);
    const first = against[0];
    // every open position at one price: the close's profit shows the symbol's money per lot
    if (first && against.every((p) => Math.abs(p.price - first.price) < EPS)) {
      scale.learn(d, first.price);
    }
    const closing = closedBy(d, against, known, scale);
    if (!closing) {
      const before = report.positions.find(
        (p) => p.symbol === d.symbol && p.close_time_text === d.time_text,
      );
      ids.set(d.ticket, before ? safeTicket(before.id) : own);
      if (d.direction === 'inout') book.push({ id: own, side, volume, price });
      continue;
    }
    ids.set(d.ticket, closing.id);
    const left = closing.volume - volume;
    if (left > EPS) closing.volume = left;
    else {
      book.splice(book.indexOf(closing), 1);
      // Turned around: the rest opens the other way under the same id.
      if (d.direction === 'inout' && -left > EPS)
        book.push({ id: closing.id, side, volume: -left, price });
    }
  }
  return ids;
}

/**
 * The open position a closing deal closes, on hedging: of those the Positions section says
 * closed at the deal's time, the one it closes whole at its profit (several positions closed in
 * the same second, as a stop-out or a close-all does, differ by volume and profit), else whole,
 * else the one of them its profit shows, else any of them; else, of those still open by the
 * section, the one whose opening price its profit shows, else the oldest whole (margin-mode.ts's
 * closedLot). On netting there is one.
 */
function closedBy(
  d: ImportedReport['deals'][number],
  against: OpenPosition[],
  known: Map<string, ImportedReport['positions'][number]>,
  scale: ProfitScale,
): OpenPosition | undefined {
  const volume = d.volume ?? 0;
  const then = against.filter((p) => known.get(String(p.id))?.close_time_text === d.time_text);
  const whole = then.filter((p) => Math.abs(p.volume - volume) < EPS);
  return (
    whole.find((p) => Math.abs((known.get(String(p.id))?.profit ?? NaN) - d.profit) < 0.005) ??
    closedLot(d, whole, scale) ??
    closedLot(d, then, scale) ??
    // not one the Positions section says closed before this deal
    closedLot(
      d,
      against.filter((p) => (known.get(String(p.id))?.close_time ?? Infinity) >= d.time),
      scale,
    ) ??
    closedLot(d, against, scale)
  );
}

/** The report's deals as Mt5Deal rows, in the report's order. */
export function importedDeals(report: ImportedReport): Mt5Deal[] {
  const positionOf = assignPositions(report);
  const magicOf = new Map(
    report.positions.map((p) => [p.id, p.magic === null ? 0 : Number(p.magic)]),
  );
  return report.deals.map((d) => {
    const position = positionOf.get(d.ticket) ?? 0;
    const magic = magicOf.get(String(position)) ?? 0;
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
      magic: Number.isSafeInteger(magic) ? magic : 0,
      reason: reasonOf(d.comment, magic),
      comment: d.comment,
      time: Math.floor(wallClockToEpoch(d.time) / 1000),
      time_msc: wallClockToEpoch(d.time),
    };
  });
}
