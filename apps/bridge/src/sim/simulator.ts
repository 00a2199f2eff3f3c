import {
  aggregateBars,
  lowerBound,
  M1BarBuilder,
  TIMEFRAME_SECONDS,
  type Bar,
  type Timeframe,
  winSpec,
  currentWinSymbol,
  type InstrumentSpec,
  PriceProcess,
  type PriceModel,
  SessionCalendar,
  type SessionHours,
  type Tick,
  type TickSource,
} from '@vortex/core';
import { Account } from './account.js';
import { BALANCE_DEAL_TYPE, type BalanceDealType, type MarginModeName } from './retcodes.js';
import { matchTick, type MatchingState, type OrderEvent } from './matching.js';
import { OrderBook } from './orders.js';
import * as trading from './trading.js';
import type {
  AccountInfo,
  OrderRequest,
  PendingOrderInfo,
  PositionInfo,
  SimDeal,
  SimHistoryOrder,
  TradeResult,
} from './types.js';

export interface SimulatorOptions {
  readonly seed: number | string;
  /** Epoch ms the simulated clock starts at. */
  readonly startTime: number;
  /** Defaults to the WIN contract trading at `startTime`. */
  readonly symbol?: string;
  readonly initialBalance?: number;
  /**
   * Book `initialBalance` as a deposit deal at `startTime` (ticket 1), as a real account's history
   * begins, instead of starting with it unexplained.
   */
  readonly openingDeposit?: boolean;
  /** 'netting' by default (B3); 'hedging' opens a position per order and closes by ticket. */
  readonly marginMode?: MarginModeName;
  /** The deposit currency, 'BRL' by default: amounts are in it (the model stays WIN's). */
  readonly currency?: string;
  /** Per contract per side, in the account's currency. */
  readonly commission?: number;
  /** DEAL_FEE per contract per side, apart from the commission; 0 by default. */
  readonly feePerContract?: number;
  /** BRL of margin per contract held. */
  readonly marginPerContract?: number;
  readonly stopOutLevel?: number;
  readonly session?: SessionHours;
  readonly priceModel?: Partial<PriceModel>;
  /** Replaces the price model, e.g. with scripted ticks in tests. */
  readonly source?: TickSource;
}

/** What one `advanceTo` did, for a driver to stream. */
export interface AdvanceResult {
  readonly tickCount: number;
  /** The ticks themselves, only when asked for (a backfill makes millions). */
  readonly ticks: Tick[];
  /** The last tick seen, if any. */
  readonly quote: Tick | null;
  /** M1 bars that closed, oldest first. */
  readonly bars: Bar[];
  /** Deals made by the ticks: pending fills, SL, TP and stop-out. */
  readonly deals: SimDeal[];
  readonly orderEvents: OrderEvent[];
  readonly positionsChanged: boolean;
  readonly ordersChanged: boolean;
}

/** A deposit, withdrawal or other balance operation, at the simulator's clock. */
export interface BalanceRequest {
  /** Positive deposits, negative withdraws. */
  readonly amount: number;
  /** MT5 DEAL_TYPE: 2 balance (the default), 3 credit, 4 charge, 5 correction, 6 bonus. */
  readonly type?: BalanceDealType;
  readonly comment?: string;
}

/**
 * A deterministic MT5 account (netting or hedging) on one WIN contract. Nothing here reads a clock: the
 * driver calls `advanceTo(simNow)`; with SIM_SPEED it computes
 * simNow = simStart + (wallNow - wallStart) × SIM_SPEED, so tests run days in milliseconds.
 */
export class Simulator {
  readonly spec: InstrumentSpec;
  readonly calendar: SessionCalendar;
  private readonly ledger: Account;
  private readonly book = new OrderBook();
  private readonly source: TickSource;
  private readonly builder = new M1BarBuilder();
  private readonly m1: Bar[] = [];
  private readonly matching: MatchingState;
  private pending: Tick | null;
  private last: Tick | null = null;
  private clock: number;

  constructor(options: SimulatorOptions) {
    this.calendar = new SessionCalendar(options.session);
    this.spec = winSpec({
      symbol: options.symbol ?? currentWinSymbol(options.startTime),
      ...(options.commission === undefined ? {} : { commissionPerContract: options.commission }),
      ...(options.marginPerContract === undefined
        ? {}
        : { marginPerContract: options.marginPerContract }),
    });
    const initialBalance = options.initialBalance ?? 10_000;
    this.ledger = new Account(this.spec, {
      initialBalance: options.openingDeposit ? 0 : initialBalance,
      ...(options.stopOutLevel === undefined ? {} : { stopOutLevel: options.stopOutLevel }),
      ...(options.marginMode === undefined ? {} : { marginMode: options.marginMode }),
      ...(options.currency === undefined ? {} : { currency: options.currency }),
      ...(options.feePerContract === undefined ? {} : { feePerContract: options.feePerContract }),
    });
    if (options.openingDeposit) {
      const opening = { amount: initialBalance, time_msc: options.startTime };
      this.ledger.bookBalance({ ...opening, type: BALANCE_DEAL_TYPE.BALANCE }, null);
    }
    this.source =
      options.source ??
      new PriceProcess(options.seed, options.startTime, this.calendar, options.priceModel);
    this.matching = { spec: this.spec, account: this.ledger, book: this.book };
    this.clock = options.startTime;
    this.pending = this.source.next();
  }

  get symbol(): string {
    return this.spec.symbol;
  }

  get marginMode(): MarginModeName {
    return this.ledger.marginMode;
  }

  get currency(): string {
    return this.ledger.currency;
  }

  /** The simulated clock, epoch ms. */
  now(): number {
    return this.clock;
  }

  quote(): Tick | null {
    return this.last;
  }

  isMarketOpen(): boolean {
    return this.calendar.isOpen(this.clock);
  }

  /** Runs the market up to `epochMs` (closed hours pass at no cost); earlier times do nothing. */
  advanceTo(epochMs: number, options: { collectTicks?: boolean } = {}): AdvanceResult {
    const firstDeal = this.ledger.lastDealTicket;
    const ticks: Tick[] = [];
    const bars: Bar[] = [];
    const orderEvents: OrderEvent[] = [];
    let tickCount = 0;
    while (this.pending && this.pending.time_msc <= epochMs) {
      const tick = this.pending;
      this.clock = Math.max(this.clock, tick.time_msc);
      this.last = tick;
      const closed = this.builder.onTick(tick);
      if (closed) bars.push(closed);
      matchTick(this.matching, tick, orderEvents);
      if (options.collectTicks) ticks.push(tick);
      tickCount++;
      this.pending = this.source.next();
    }
    this.clock = Math.max(this.clock, epochMs);
    const ended = this.builder.closeBy(this.clock);
    if (ended) bars.push(ended);
    for (const bar of bars) this.m1.push(bar);
    const deals = this.ledger.dealsSince(firstDeal);
    return {
      tickCount,
      ticks,
      quote: this.last,
      bars,
      deals,
      orderEvents,
      positionsChanged: deals.length > 0,
      ordersChanged: orderEvents.length > 0,
    };
  }

  placeOrder(request: OrderRequest): TradeResult {
    return trading.placeOrder(this.context(), request);
  }

  modifyOrder(ticket: number, change: trading.OrderChange): TradeResult {
    return trading.modifyOrder(this.context(), ticket, change);
  }

  cancelOrder(ticket: number): TradeResult {
    return trading.cancelOrder(this.context(), ticket);
  }

  modifyPosition(ticket: number, change: trading.StopsChange): TradeResult {
    return trading.modifyPosition(this.context(), ticket, change);
  }

  closePosition(ticket: number, options?: trading.CloseOptions): TradeResult {
    return trading.closePosition(this.context(), ticket, options);
  }

  /**
   * Books a balance operation now, as the broker does outside the trading flow; returns its deal,
   * or null when refused (a zero amount, or a withdrawal beyond the free margin).
   */
  bookBalance(request: BalanceRequest): SimDeal | null {
    return this.ledger.bookBalance({ ...request, time_msc: this.clock }, this.last);
  }

  account(): AccountInfo {
    return this.ledger.info(this.last);
  }

  positions(): PositionInfo[] {
    return this.ledger.positions(this.last);
  }

  orders(): PendingOrderInfo[] {
    return this.book.list().map((o) => ({
      ticket: o.ticket,
      symbol: o.symbol,
      type: o.type,
      volume_initial: o.volume,
      volume_current: o.volume,
      price_open: o.price,
      sl: o.sl,
      tp: o.tp,
      magic: o.magic,
      comment: o.comment,
      time_setup: Math.floor(o.time_setup_msc / 1000),
      time_setup_msc: o.time_setup_msc,
    }));
  }

  /** Deals with ticket >= `fromTicket`, oldest first. */
  deals(fromTicket = 1): SimDeal[] {
    return this.ledger.dealsSince(fromTicket - 1);
  }

  /** History orders done at or after `doneMsc` (epoch ms), oldest first. */
  historyOrdersSince(doneMsc: number): SimHistoryOrder[] {
    return this.ledger.historyOrdersSince(doneMsc);
  }

  /** Deals with ticket > `ticket`: a streaming cursor. */
  dealsSince(ticket: number): SimDeal[] {
    return this.ledger.dealsSince(ticket);
  }

  /** Bars whose start lies in [from, to], epoch seconds like `Bar.time`; the forming bar last. */
  bars(timeframe: Timeframe, from = 0, to = Number.MAX_SAFE_INTEGER): Bar[] {
    const length = TIMEFRAME_SECONDS[timeframe];
    const start = Math.floor(from / length) * length;
    const end = Math.floor(to / length) * length + length;
    const m1 = this.m1.slice(lowerBound(this.m1, start), lowerBound(this.m1, end));
    const forming = this.builder.forming();
    if (forming && forming.time >= start && forming.time < end) m1.push(forming);
    const bars = timeframe === 'M1' ? m1 : aggregateBars(m1, timeframe);
    return bars.filter((bar) => bar.time >= from && bar.time <= to);
  }

  private context(): trading.TradeContext {
    const session = this.calendar.sessionAt(this.clock);
    const fresh = session && this.last && this.last.time_msc >= session.open ? this.last : null;
    return {
      spec: this.spec,
      account: this.ledger,
      book: this.book,
      now: this.clock,
      isOpen: session !== null,
      quote: fresh,
    };
  }
}

/** A simulator; see `SimulatorOptions` for the defaults. */
export function createSimulator(options: SimulatorOptions): Simulator {
  return new Simulator(options);
}
