import { type InstrumentSpec } from '@vortex/core';
import { roundCents } from './money.js';
import type { Quote } from './orders.js';
import { applyFill, closingPrice, closingProfit, type Fill, type Position } from './positions.js';
import type { DealReason } from './retcodes.js';
import type { AccountInfo, PositionInfo, SimDeal, SimHistoryOrder } from './types.js';

export interface AccountOptions {
  readonly initialBalance: number;
  readonly login?: number;
  readonly server?: string;
  /** Margin level (%) below which positions are closed by stop-out. */
  readonly stopOutLevel?: number;
}

/**
 * A BRL netting account. Deals are the source of truth: the balance moves only by each deal's
 * profit plus commission, and every fill goes through `execute`.
 */
export class Account {
  readonly login: number;
  readonly server: string;
  readonly stopOutLevel: number;
  private balanceValue: number;
  private readonly ledger: SimDeal[] = [];
  /** Orders that left the book, in the order they did (so by done time). */
  private readonly orderHistory: SimHistoryOrder[] = [];
  private readonly book = new Map<string, Position>();
  private orderSeq = 0;

  constructor(
    readonly spec: InstrumentSpec,
    options: AccountOptions,
  ) {
    this.balanceValue = roundCents(options.initialBalance);
    this.login = options.login ?? 1_350_000;
    this.server = options.server ?? 'Vortex-Sim';
    this.stopOutLevel = options.stopOutLevel ?? 50;
  }

  get balance(): number {
    return this.balanceValue;
  }

  /** Order tickets grow monotonically; a position's id is its opening order's ticket. */
  nextOrderTicket(): number {
    return ++this.orderSeq;
  }

  position(symbol: string): Position | undefined {
    return this.book.get(symbol);
  }

  positionByTicket(ticket: number): Position | undefined {
    for (const position of this.book.values()) if (position.ticket === ticket) return position;
    return undefined;
  }

  /** Margin in use: day-trade margin per contract held. */
  margin(): number {
    let contracts = 0;
    for (const position of this.book.values()) contracts += position.volume;
    return roundCents(contracts * this.spec.marginPerContract);
  }

  /** Extra margin a fill would need (negative or 0 when it reduces exposure). */
  marginDelta(symbol: string, side: 0 | 1, volume: number): number {
    const current = this.book.get(symbol);
    const held = current ? (current.type === side ? current.volume : -current.volume) : 0;
    return (Math.abs(held + volume) - Math.abs(held)) * this.spec.marginPerContract;
  }

  floating(quote: Quote | null): number {
    if (!quote) return 0;
    let sum = 0;
    for (const position of this.book.values()) sum += this.profitOf(position, quote);
    return roundCents(sum);
  }

  equity(quote: Quote | null): number {
    return roundCents(this.balanceValue + this.floating(quote));
  }

  /** Books a fill: nets it into the position, writes the deal, moves the balance. */
  execute(fill: Fill, reason: DealReason): SimDeal {
    const outcome = applyFill(this.book.get(fill.symbol) ?? null, fill, this.spec.pointValue);
    if (outcome.position) this.book.set(fill.symbol, outcome.position);
    else this.book.delete(fill.symbol);
    const commission = roundCents(-this.spec.commissionPerContract * fill.volume);
    const deal: SimDeal = {
      ticket: this.ledger.length + 1,
      order: fill.order,
      position_id: outcome.positionId,
      symbol: fill.symbol,
      type: fill.side,
      entry: outcome.entry,
      volume: fill.volume,
      price: fill.price,
      profit: outcome.profit,
      commission,
      fee: 0,
      swap: 0,
      magic: fill.magic,
      reason,
      comment: fill.comment,
      time: Math.floor(fill.time_msc / 1000),
      time_msc: fill.time_msc,
    };
    this.ledger.push(deal);
    this.balanceValue = roundCents(this.balanceValue + deal.profit + deal.commission);
    return deal;
  }

  recordOrder(order: SimHistoryOrder): void {
    this.orderHistory.push(order);
  }

  /** History orders done at or after `doneMsc` (epoch ms), oldest first. */
  historyOrdersSince(doneMsc: number): SimHistoryOrder[] {
    let from = this.orderHistory.length;
    while (from > 0 && (this.orderHistory[from - 1]?.time_done_msc ?? 0) >= doneMsc) from--;
    return this.orderHistory.slice(from);
  }

  /** Deals with a ticket above `ticket` (tickets are 1, 2, 3, … so this is a slice). */
  dealsSince(ticket: number): SimDeal[] {
    return this.ledger.slice(Math.max(0, Math.floor(ticket)));
  }

  get lastDealTicket(): number {
    return this.ledger.length;
  }

  info(quote: Quote | null): AccountInfo {
    const profit = this.floating(quote);
    const equity = roundCents(this.balanceValue + profit);
    const margin = this.margin();
    return {
      login: this.login,
      server: this.server,
      currency: 'BRL',
      margin_mode: 0,
      leverage: 1,
      balance: this.balanceValue,
      credit: 0,
      profit,
      equity,
      margin,
      margin_free: roundCents(equity - margin),
      margin_level: margin > 0 ? roundCents((equity / margin) * 100) : 0,
      margin_so_so: this.stopOutLevel,
    };
  }

  positions(quote: Quote | null): PositionInfo[] {
    return [...this.book.values()].map((p) => ({
      ticket: p.ticket,
      identifier: p.ticket,
      symbol: p.symbol,
      type: p.type,
      volume: p.volume,
      price_open: p.price_open,
      sl: p.sl,
      tp: p.tp,
      price_current: quote ? closingPrice(p, quote.bid, quote.ask) : p.price_open,
      profit: quote ? this.profitOf(p, quote) : 0,
      swap: 0,
      magic: p.magic,
      comment: p.comment,
      time: Math.floor(p.time_msc / 1000),
      time_msc: p.time_msc,
      time_update_msc: p.time_update_msc,
    }));
  }

  /** Replaces a position's SL/TP (validated by the caller). */
  setStops(position: Position, sl: number, tp: number, timeMsc: number): void {
    position.sl = sl;
    position.tp = tp;
    position.time_update_msc = timeMsc;
  }

  private profitOf(position: Position, quote: Quote): number {
    const price = closingPrice(position, quote.bid, quote.ask);
    return closingProfit(position, price, position.volume, this.spec.pointValue);
  }
}
