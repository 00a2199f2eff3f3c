import type { ImportedDeal, ImportedPosition, ImportedReport } from '@vortex/core';

// Hedging or netting, from what a report's rows prove when its header names no margin mode (a
// Strategy Tester report never does). Proofs, strongest first:
// - an 'in/out' deal exists only on netting; an 'out by' only on hedging;
// - an 'in' against the symbol's open side: netting would have written it 'out' (or 'in/out');
// - two positions of one symbol open at once in the Positions section;
// - a closing deal's profit: on hedging it is its own position's (opened at that position's
//   price), on netting the average price of everything open on the symbol. The money a price
//   move makes per lot is learned per symbol from the closes where both readings agree.

export type MarginMode = NonNullable<ImportedReport['account']['margin_mode']>;

const EPS = 1e-9;

/** buy 0, sell 1; other deal types move no position. */
export function sideOf(d: ImportedDeal): 0 | 1 | null {
  return d.type === 'buy' ? 0 : d.type === 'sell' ? 1 : null;
}

/**
 * Money per unit of price per lot, per symbol, learned from unambiguous closes and listed
 * positions: the median of the three nearest in time, as a symbol quoted in another currency than
 * the account's (USDCHF on a USD account) is worth more or less as its conversion rate moves.
 */
export class ProfitScale {
  // per symbol, by time, as two lists of plain numbers (8 bytes a sample, not an object): learned
  // mostly in time order, so an insertion is mostly an append
  private readonly samples = new Map<string, { times: number[]; ks: number[]; us: number[] }>();

  /** How price and volume turn into the profit a close of `d` would make from `open`. */
  private move(d: ImportedDeal, open: number): number {
    // a sell closes a long: it makes money when its price is above the opening's
    const dir = sideOf(d) === 1 ? 1 : -1;
    return ((d.price ?? 0) - open) * dir * (d.volume ?? 0);
  }

  learn(d: ImportedDeal, open: number): void {
    if (d.symbol !== null) this.add(d.symbol, d.time, d.profit, this.move(d, open));
  }

  /** A position of the Positions section: its profit over its move, open to (average) close. */
  learnPosition(p: ImportedPosition): void {
    const dir = p.type === 'buy' ? 1 : p.type === 'sell' ? -1 : 0;
    this.add(p.symbol, p.close_time, p.profit, (p.close_price - p.open_price) * dir * p.volume);
  }

  private add(symbol: string, time: number, profit: number, move: number): void {
    if (Math.abs(move) < EPS || profit === 0) return;
    let list = this.samples.get(symbol);
    if (list === undefined) {
      list = { times: [], ks: [], us: [] };
      this.samples.set(symbol, list);
    }
    // a profit is written to the cent: k is known to within half a cent of it, relatively
    const u = HALF_CENT / Math.abs(profit);
    const at = firstAtOrAfter(list.times, time + 1);
    if (at === list.times.length) {
      list.times.push(time);
      list.ks.push(profit / move);
      list.us.push(u);
    } else {
      list.times.splice(at, 0, time);
      list.ks.splice(at, 0, profit / move);
      list.us.splice(at, 0, u);
    }
  }

  private scale(symbol: string, time: number): { k: number; u: number } | null {
    const list = this.samples.get(symbol);
    if (list === undefined || list.times.length === 0) return null;
    const { times, ks, us } = list;
    const at = firstAtOrAfter(times, time);
    const near: { time: number; k: number; u: number }[] = [];
    for (let i = Math.max(0, at - NEAREST); i < Math.min(times.length, at + NEAREST); i++) {
      near.push({ time: times[i] ?? 0, k: ks[i] ?? 0, u: us[i] ?? 0 });
    }
    const picked = near
      .sort((a, b) => Math.abs(a.time - time) - Math.abs(b.time - time))
      .slice(0, NEAREST)
      .sort((a, b) => a.k - b.k);
    return picked[Math.floor(picked.length / 2)] ?? null;
  }

  /** How far `d`'s profit is from a close of a lot opened at `open`; null before any learning. */
  error(d: ImportedDeal, open: number): number | null {
    const s = d.symbol === null ? null : this.scale(d.symbol, d.time);
    return s === null ? null : Math.abs(s.k * this.move(d, open) - d.profit);
  }

  /**
   * How far that reading may be off through the scale's own rounding (a scale learned from a
   * close of a cent is known to ±50 %); null before any learning.
   */
  slack(d: ImportedDeal, open: number): number | null {
    const s = d.symbol === null ? null : this.scale(d.symbol, d.time);
    return s === null ? null : s.u * Math.abs(s.k * this.move(d, open));
  }
}

/** Half of the cent profits are written in. */
const HALF_CENT = 0.005;

/** The samples nearest in time to a close that its scale is the median of. */
const NEAREST = 3;

/** The index of the first sample at or after `time` in a list of times in order. */
function firstAtOrAfter(times: readonly number[], time: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? 0) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Lot {
  side: 0 | 1;
  volume: number;
  price: number;
}

/** The lot of `lots` a close of `d` took, by its profit when it can tell, else the oldest whole. */
export function closedLot<T extends Lot>(
  d: ImportedDeal,
  lots: readonly T[],
  scale: ProfitScale,
): T | undefined {
  const volume = d.volume ?? 0;
  const against = lots.filter((l) => l.side !== sideOf(d));
  const whole = against.filter((l) => l.volume >= volume - EPS);
  let best: T | undefined;
  let bestError = Infinity;
  for (const l of whole) {
    const e = scale.error(d, l.price);
    if (e !== null && e < bestError - EPS) [best, bestError] = [l, e];
  }
  return best ?? whole.find((l) => Math.abs(l.volume - volume) < EPS) ?? whole[0] ?? against[0];
}

/**
 * Hedging or netting as the rows prove it, fed row by row as the report is read (positions, then
 * deals): what it keeps is one open/close pair per listed position and the lots open per symbol,
 * never the deals.
 */
export class MarginModeDetector {
  /** Per symbol, each listed position's open and close time, in pairs. */
  private readonly spans = new Map<string, number[]>();
  private readonly scale = new ProfitScale();
  private readonly hedged = new Map<string, Lot[]>();
  private readonly net = new Map<string, { volume: number; price: number }>(); // signed: buy > 0
  private readonly votes = { hedging: 0, netting: 0 };
  /** What a deal proved outright; the deals after it are not looked at. */
  private proved: MarginMode | null = null;

  position(p: ImportedPosition): void {
    const list = this.spans.get(p.symbol);
    if (list === undefined) this.spans.set(p.symbol, [p.open_time, p.close_time]);
    else list.push(p.open_time, p.close_time);
  }

  deal(d: ImportedDeal): void {
    if (this.proved !== null) return;
    const side = sideOf(d);
    if (side === null || d.symbol === null || d.direction === null) return;
    if (d.direction === 'inout' || d.direction === 'out_by') {
      this.proved = d.direction === 'inout' ? 'netting' : 'hedging';
      return;
    }
    const volume = d.volume ?? 0;
    const price = d.price ?? 0;
    const lots = this.hedged.get(d.symbol) ?? [];
    this.hedged.set(d.symbol, lots);
    const book = this.net.get(d.symbol) ?? { volume: 0, price: 0 };
    this.net.set(d.symbol, book);
    const signed = side === 0 ? volume : -volume;
    if (d.direction === 'in') {
      if (Math.abs(book.volume) > EPS && Math.sign(book.volume) !== Math.sign(signed)) {
        this.proved = 'hedging';
        return;
      }
      const total = book.volume + signed;
      if (Math.abs(total) > EPS) {
        book.price = (book.price * Math.abs(book.volume) + price * volume) / Math.abs(total);
      }
      book.volume = total;
      lots.push({ side, volume, price });
      return;
    }
    const against = lots.filter((l) => l.side !== side);
    const ambiguous = against.some((l) => Math.abs(l.price - book.price) > EPS);
    if (!ambiguous && against.length > 0) this.scale.learn(d, book.price);
    else if (ambiguous) vote(d, against, book.price, this.scale, this.votes);
    const lot = closedLot(d, lots, this.scale);
    if (lot !== undefined) {
      lot.volume -= volume;
      if (lot.volume <= EPS) lots.splice(lots.indexOf(lot), 1);
    }
    // a close of what was opened before the report's history leaves the book as it was
    if (Math.sign(book.volume) === -Math.sign(signed)) {
      const left = book.volume + signed;
      book.volume = Math.sign(left) === Math.sign(book.volume) && Math.abs(left) > EPS ? left : 0;
    }
  }

  /** Two positions of one symbol open at once in the Positions section. */
  private overlapping(): boolean {
    for (const pairs of this.spans.values()) {
      const order = Array.from({ length: pairs.length / 2 }, (_, i) => i);
      // stable, as the list's sort was: equal opening times keep the section's order
      order.sort((a, b) => (pairs[2 * a] ?? 0) - (pairs[2 * b] ?? 0));
      for (let i = 1; i < order.length; i++) {
        const a = 2 * (order[i - 1] ?? 0);
        const b = 2 * (order[i] ?? 0);
        const [aOpen, aClose, bOpen] = [pairs[a] ?? 0, pairs[a + 1] ?? 0, pairs[b] ?? 0];
        if (bOpen < aClose && bOpen > aOpen) return true;
      }
    }
    return false;
  }

  result(): MarginMode | null {
    if (this.overlapping()) return 'hedging';
    if (this.proved !== null) return this.proved;
    if (this.votes.hedging > this.votes.netting) return 'hedging';
    if (this.votes.netting > this.votes.hedging) return 'netting';
    return null;
  }
}

/** Hedging or netting as the rows prove it; null when nothing tells them apart. */
export function detectMarginMode(
  report: Pick<ImportedReport, 'deals' | 'positions'>,
): MarginMode | null {
  const detector = new MarginModeDetector();
  for (const p of report.positions) detector.position(p);
  for (const d of report.deals) detector.deal(d);
  return detector.result();
}

/** Profits are written in cents. */
const CENT = 0.01;

/** One close whose profit only one reading explains: a cent's rounding, or 1 % of a drift. */
function vote(
  d: ImportedDeal,
  against: readonly Lot[],
  average: number,
  scale: ProfitScale,
  votes: { hedging: number; netting: number },
): void {
  const netting = scale.error(d, average);
  const mine = against.filter((l) => l.volume >= (d.volume ?? 0) - EPS);
  const own = mine.map((l) => scale.error(d, l.price)).filter((e): e is number => e !== null);
  if (netting === null || own.length === 0) return;
  const hedging = Math.min(...own);
  const fits = (e: number) => e <= Math.max(0.015, Math.abs(d.profit) * 0.01);
  // readings a cent apart are told apart by no profit written in cents, nor readings closer than
  // the scale's own rounding lets them be (a scale learned from a close of a cent is ±50 %)
  const slack =
    (scale.slack(d, average) ?? 0) + Math.max(0, ...mine.map((l) => scale.slack(d, l.price) ?? 0));
  if (Math.abs(netting - hedging) <= CENT + slack) return;
  if (fits(hedging) && hedging < netting / 2) votes.hedging++;
  else if (fits(netting) && netting < hedging / 2) votes.netting++;
}
