import type { DealEntry, DealSide } from '../trading/deal.schema.js';
import { toCents, type TaxKind } from './tax-rules.js';

/** A deal as the tax needs it; money in reais as MT5 reports it (costs negative). */
export interface TaxDeal {
  readonly account_id: string;
  readonly ticket: string;
  readonly position_id: string | null;
  readonly symbol: string;
  readonly type: DealSide | null;
  readonly entry: DealEntry | null;
  readonly volume: number;
  readonly price: number;
  /** Epoch ms. */
  readonly time: number;
  readonly profit: number;
  readonly commission: number;
  readonly fee: number;
  readonly swap: number;
}

/** One closed piece of a position: a closing deal's volume matched to the lots it closed. */
export interface TaxOperation {
  readonly account_id: string;
  readonly position_id: string | null;
  readonly symbol: string;
  /** The side that opened what was closed: a sale closes a 'BUY'. */
  readonly side: DealSide | null;
  readonly volume: number;
  /** Epoch ms of the opening deal; null when it is older than the account's history. */
  readonly open_time: number | null;
  readonly close_time: number;
  readonly close_ticket: string;
  /** 'YYYY-MM-DD' of the close in São Paulo: the day the result is taxed. */
  readonly day: string;
  readonly kind: TaxKind;
  /** Profit and swap of the closed volume, in cents. */
  readonly gross_cents: number;
  /** Commission, fees and the trader's cost per contract of both sides, in cents (≥ 0 as costs). */
  readonly costs_cents: number;
  readonly result_cents: number;
}

export interface TaxOperationOptions {
  /** 'YYYY-MM-DD' of an instant in São Paulo. */
  readonly dayOf: (time: number) => string;
  /** Set by the trader for brokers whose deals carry no costs, in reais per contract per side. */
  readonly costPerContractSide?: number;
}

interface Lot {
  readonly time: number;
  readonly day: string;
  readonly side: DealSide | null;
  volume: number;
  costs: number;
}

/** Splits `total` cents over `parts` by weight so the pieces add up to it exactly. */
function splitCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  let before = 0;
  let cumulative = 0;
  return weights.map((w) => {
    cumulative += w;
    const upTo = Math.round((total * cumulative) / sum);
    const piece = upTo - before;
    before = upTo;
    return piece;
  });
}

const VOLUME_EPSILON = 1e-9;

/** Takes `volume` from a lot, with its share of the lot's opening costs. */
function takeFrom(lot: Lot, volume: number): number {
  const costs =
    lot.volume <= volume + VOLUME_EPSILON
      ? lot.costs
      : Math.round((lot.costs * volume) / lot.volume);
  lot.volume -= volume;
  lot.costs -= costs;
  return costs;
}

interface Piece {
  volume: number;
  lot: Lot | null;
  openCosts: number;
}

/**
 * Which open volume a close takes: the day's own openings first (what the broker's note and the
 * Receita count as day trade is the volume bought and sold on one day), then the older ones
 * first in, first out; volume beyond every lot was opened before the history began.
 */
function matchClose(lots: Lot[], volume: number, day: string): Piece[] {
  const pieces: Piece[] = [];
  let left = volume;
  const order = [...lots.filter((l) => l.day === day), ...lots.filter((l) => l.day !== day)];
  for (const lot of order) {
    if (left <= VOLUME_EPSILON) break;
    const take = Math.min(lot.volume, left);
    pieces.push({ volume: take, lot, openCosts: takeFrom(lot, take) });
    left -= take;
  }
  if (left > VOLUME_EPSILON) pieces.push({ volume: left, lot: null, openCosts: 0 });
  const open = lots.filter((l) => l.volume > VOLUME_EPSILON);
  lots.splice(0, lots.length, ...open);
  return pieces;
}

const byTimeThenTicket = (a: TaxDeal, b: TaxDeal): number =>
  a.time - b.time || Number(a.ticket) - Number(b.ticket);

/** Deals by time then ticket; a repository's rows usually come so, and are then kept as they are. */
function inTimeOrder(deals: TaxDeal[]): TaxDeal[] {
  for (let i = 1; i < deals.length; i++) {
    if (byTimeThenTicket(deals[i - 1] as TaxDeal, deals[i] as TaxDeal) > 0)
      return deals.sort(byTimeThenTicket);
  }
  return deals;
}

const sideOpenedBy = (closing: DealSide | null): DealSide | null =>
  closing === 'BUY' ? 'SELL' : closing === 'SELL' ? 'BUY' : null;

/**
 * Follows positions deal by deal and writes an operation for each piece of a closing deal
 * matched to its openings. A position is followed per account and position id (the symbol when
 * the deal has none); a reversal (INOUT) closes what was open and opens the rest. Deals must
 * come in time order (then ticket); a caller with many can feed them page by page.
 */
export class TaxLedger {
  readonly operations: TaxOperation[] = [];
  private readonly books = new Map<string, Map<string, Lot[]>>();
  private readonly perSide: number;

  constructor(private readonly options: TaxOperationOptions) {
    this.perSide = toCents(options.costPerContractSide ?? 0);
  }

  private lotsOf(deal: TaxDeal): Lot[] {
    let account = this.books.get(deal.account_id);
    if (!account) this.books.set(deal.account_id, (account = new Map<string, Lot[]>()));
    const key = deal.position_id ?? `symbol:${deal.symbol}`;
    let lots = account.get(key);
    if (!lots) account.set(key, (lots = []));
    return lots;
  }

  add(deal: TaxDeal): void {
    if (deal.entry === null || !(deal.volume > 0)) return;
    const lots = this.lotsOf(deal);
    const day = this.options.dayOf(deal.time);
    const costs = -toCents(deal.commission + deal.fee) + Math.round(this.perSide * deal.volume);
    if (deal.entry === 'IN') {
      lots.push({ time: deal.time, day, side: deal.type, volume: deal.volume, costs });
      return;
    }
    let openVolume = 0;
    for (const lot of lots) openVolume += lot.volume;
    const closing = deal.entry === 'INOUT' ? Math.min(openVolume, deal.volume) : deal.volume;
    const opening = deal.entry === 'INOUT' ? deal.volume - closing : 0;
    const pieces = closing > VOLUME_EPSILON ? matchClose(lots, closing, day) : [];
    // A reversal with nothing known open: its result belongs to volume from before the history.
    if (pieces.length === 0) pieces.push({ volume: 0, lot: null, openCosts: 0 });
    const weights = pieces.map((p) => p.volume || 1);
    const gross = splitCents(toCents(deal.profit + deal.swap), weights);
    const [closeCosts = 0, reopenCosts = 0] = splitCents(costs, [
      closing || (opening ? 0 : 1),
      opening,
    ]);
    const exitCosts = splitCents(closeCosts, weights);
    pieces.forEach((piece, i) => {
      const pieceGross = gross[i] ?? 0;
      const pieceCosts = piece.openCosts + (exitCosts[i] ?? 0);
      this.operations.push({
        account_id: deal.account_id,
        position_id: deal.position_id,
        symbol: deal.symbol,
        side: piece.lot?.side ?? sideOpenedBy(deal.type),
        volume: piece.volume,
        open_time: piece.lot?.time ?? null,
        close_time: deal.time,
        close_ticket: deal.ticket,
        day,
        kind: piece.lot?.day === day ? 'day_trade' : 'swing',
        gross_cents: pieceGross,
        costs_cents: pieceCosts,
        result_cents: pieceGross - pieceCosts,
      });
    });
    if (opening > VOLUME_EPSILON) {
      lots.push({ time: deal.time, day, side: deal.type, volume: opening, costs: reopenCosts });
    }
    // A flat position is forgotten: the map holds what is open, not every position ever.
    if (lots.length === 0)
      this.books.get(deal.account_id)?.delete(deal.position_id ?? `symbol:${deal.symbol}`);
  }
}

/** The closed operations of a set of deals in any order (see TaxLedger). */
export function taxOperations(
  deals: readonly TaxDeal[],
  options: TaxOperationOptions,
): TaxOperation[] {
  const ledger = new TaxLedger(options);
  for (const deal of inTimeOrder([...deals])) ledger.add(deal);
  return ledger.operations;
}
