import { type InstrumentSpec } from '@vortex/core';
import { roundCents } from './money.js';
import type { Quote } from './orders.js';
import { applyFill, closingPrice, closingProfit, type Fill, type Position } from './positions.js';
import {
  BALANCE_DEAL_TYPE,
  DEAL_REASON,
  MARGIN_MODE,
  type BalanceDealType,
  type DealReason,
  type MarginModeName,
} from './retcodes.js';
import type { AccountInfo, PositionInfo, SimDeal, SimHistoryOrder } from './types.js';

export interface AccountOptions {
  readonly initialBalance: number;
  readonly login?: number;
  readonly server?: string;
  /** Margin level (%) below which positions are closed by stop-out. */
  readonly stopOutLevel?: number;
  /** 'netting' (B3's one position per symbol, the default) or 'hedging' (one per order). */
  readonly marginMode?: MarginModeName;
  /** The deposit currency; 'BRL' by default. */
  readonly currency?: string;
  /** DEAL_FEE per contract of every trade deal, charged apart from the commission; 0 by default. */
  readonly feePerContract?: number;
}

/** A balance operation to book: its MT5 deal type, signed amount and comment. */
export interface BalanceOperation {
  readonly type?: BalanceDealType;
  /** Positive deposits, negative withdraws. */
  readonly amount: number;
  readonly comment?: string;
  readonly time_msc: number;
}

/**
 * A simulated MT5 account, netting or hedging. Deals are the source of truth: the balance moves
 * only by each trade deal's profit, commission and fee and by balance operations, and every fill
 * goes through `execute`.
 */
export class Account {
  readonly login: number;
  readonly server: string;
  readonly stopOutLevel: number;
  readonly marginMode: MarginModeName;
  readonly currency: string;
  readonly feePerContract: number;
  private balanceValue: number;
  private creditValue = 0;
  private readonly ledger: SimDeal[] = [];
  /** Orders that left the book, in the order they did (so by done time). */
  private readonly orderHistory: SimHistoryOrder[] = [];
  /** Open positions by ticket; a netting account holds at most one per symbol. */
  private readonly book = new Map<number, Position>();
  private orderSeq = 0;

  constructor(
    readonly spec: InstrumentSpec,
    options: AccountOptions,
  ) {
    this.balanceValue = roundCents(options.initialBalance);
    this.login = options.login ?? 1_350_000;
    this.server = options.server ?? 'Vortex-Sim';
    this.stopOutLevel = options.stopOutLevel ?? 50;
    this.marginMode = options.marginMode ?? 'netting';
    this.currency = options.currency ?? 'BRL';
    this.feePerContract = options.feePerContract ?? 0;
  }

  get balance(): number {
    return this.balanceValue;
  }

  get hedging(): boolean {
    return this.marginMode === 'hedging';
  }

  /** Order tickets grow monotonically; a position's id is its opening order's ticket. */
  nextOrderTicket(): number {
    return ++this.orderSeq;
  }

  /** The symbol's first open position (a netting account's only one). */
  position(symbol: string): Position | undefined {
    for (const position of this.book.values()) if (position.symbol === symbol) return position;
    return undefined;
  }

  get openPositions(): number {
    return this.book.size;
  }

  /** The symbol's open positions, oldest first (a copy: closing one does not disturb it). */
  positionsOf(symbol: string): Position[] {
    return [...this.book.values()].filter((p) => p.symbol === symbol);
  }

  positionByTicket(ticket: number): Position | undefined {
    return this.book.get(ticket);
  }

  /** Margin in use: day-trade margin per contract held. */
  margin(): number {
    let contracts = 0;
    for (const position of this.book.values()) contracts += position.volume;
    return roundCents(contracts * this.spec.marginPerContract);
  }

  /**
   * Extra margin a fill would need (negative or 0 when it reduces exposure). On a hedging account
   * a fill opens a position of its own unless it closes `target`; opposite positions are margined
   * in full, each of them.
   */
  marginDelta(symbol: string, side: 0 | 1, volume: number, target?: Position): number {
    if (this.hedging) {
      const closed = target ? Math.min(volume, target.volume) : 0;
      return (target ? -closed : volume) * this.spec.marginPerContract;
    }
    const current = this.position(symbol);
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
    return roundCents(this.balanceValue + this.creditValue + this.floating(quote));
  }

  /**
   * Books a fill, writes the deal and moves the balance. Netting: the fill nets into the symbol's
   * position. Hedging: it closes (part of) `target` when given, else opens a position of its own.
   */
  execute(fill: Fill, reason: DealReason, target?: Position): SimDeal {
    const against = this.hedging ? (target ?? null) : (this.position(fill.symbol) ?? null);
    const outcome = applyFill(against, fill, this.spec.pointValue);
    // Replaced in place, so positions stay listed in the order they opened.
    if (against && outcome.position?.ticket !== against.ticket) this.book.delete(against.ticket);
    if (outcome.position) this.book.set(outcome.position.ticket, outcome.position);
    const commission = roundCents(-this.spec.commissionPerContract * fill.volume);
    const fee = roundCents(-this.feePerContract * fill.volume);
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
      fee: fee === 0 ? 0 : fee,
      swap: 0,
      magic: fill.magic,
      reason,
      comment: fill.comment,
      time: Math.floor(fill.time_msc / 1000),
      time_msc: fill.time_msc,
    };
    this.ledger.push(deal);
    this.balanceValue = roundCents(this.balanceValue + deal.profit + deal.commission + deal.fee);
    return deal;
  }

  /**
   * Books a deposit, withdrawal or other balance operation as MT5 does: a deal with no symbol,
   * order or position and the amount as its profit. A credit moves the credit, not the balance.
   * A withdrawal beyond the free margin is refused (null), as the broker would.
   */
  bookBalance(op: BalanceOperation, quote: Quote | null): SimDeal | null {
    const amount = roundCents(op.amount);
    const type = op.type ?? BALANCE_DEAL_TYPE.BALANCE;
    if (!Number.isFinite(amount) || amount === 0) return null;
    if (amount < 0 && -amount > this.equity(quote) - this.margin()) return null;
    const deal: SimDeal = {
      ticket: this.ledger.length + 1,
      order: 0,
      position_id: 0,
      symbol: '',
      type,
      entry: 0,
      volume: 0,
      price: 0,
      profit: amount,
      commission: 0,
      fee: 0,
      swap: 0,
      magic: 0,
      reason: DEAL_REASON.CLIENT,
      comment: op.comment ?? (amount > 0 ? 'Deposit' : 'Withdrawal'),
      time: Math.floor(op.time_msc / 1000),
      time_msc: op.time_msc,
    };
    this.ledger.push(deal);
    if (type === BALANCE_DEAL_TYPE.CREDIT) this.creditValue = roundCents(this.creditValue + amount);
    else this.balanceValue = roundCents(this.balanceValue + amount);
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
    const equity = roundCents(this.balanceValue + this.creditValue + profit);
    const margin = this.margin();
    return {
      login: this.login,
      server: this.server,
      currency: this.currency,
      margin_mode: MARGIN_MODE[this.marginMode],
      leverage: 1,
      balance: this.balanceValue,
      credit: this.creditValue,
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
