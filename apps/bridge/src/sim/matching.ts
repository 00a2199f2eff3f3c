import { type InstrumentSpec, type Tick } from '@vortex/core';
import type { Account } from './account.js';
import { opposite, sideOf, type OrderBook } from './orders.js';
import { closingPrice, closingProfit, type Position } from './positions.js';
import { DEAL_REASON, ORDER_STATE, type DealReason } from './retcodes.js';
import { fillAtMarket, recordUnfilled, type FillContext } from './trading.js';

export interface OrderEvent {
  readonly order: number;
  /** Rejected: the order triggered but the account could not carry its margin. */
  readonly state: 'filled' | 'rejected';
}

export interface MatchingState {
  readonly spec: InstrumentSpec;
  readonly account: Account;
  readonly book: OrderBook;
}

/**
 * What the server does on each tick: pending orders first (a fill may bring stops), then each
 * position's SL or TP (a netting account has one), then the stop-out. Everything fills at this
 * tick's bid or ask, so a gap through a stop slips, as it does on the exchange. Fills are stamped
 * with the tick's time.
 */
export function matchTick(state: MatchingState, tick: Tick, events: OrderEvent[]): void {
  const { account, book, spec } = state;
  const ctx = { spec, account, now: tick.time_msc };
  if (book.size > 0) {
    for (const order of book.triggered(tick)) {
      book.remove(order.ticket);
      const side = sideOf(order.type);
      const delta = account.marginDelta(spec.symbol, side, order.volume);
      if (delta > 0 && delta > account.equity(tick) - account.margin()) {
        recordUnfilled(ctx, order, ORDER_STATE.REJECTED);
        events.push({ order: order.ticket, state: 'rejected' });
        continue;
      }
      const reason = order.expert ? DEAL_REASON.EXPERT : DEAL_REASON.CLIENT;
      const meta = { magic: order.magic, comment: order.comment, reason };
      fillAtMarket(ctx, tick, { ...order, side }, meta);
      events.push({ order: order.ticket, state: 'filled' });
    }
  }
  // Most ticks find the account flat: nothing to check, nothing to allocate.
  if (account.openPositions === 0) return;
  for (const position of account.positionsOf(spec.symbol)) {
    const long = position.type === 0;
    const price = long ? tick.bid : tick.ask;
    const slHit = position.sl !== 0 && (long ? price <= position.sl : price >= position.sl);
    const tpHit = position.tp !== 0 && (long ? price >= position.tp : price <= position.tp);
    if (slHit) closeByServer(ctx, tick, position, DEAL_REASON.SL, `[sl ${position.sl}]`);
    else if (tpHit) closeByServer(ctx, tick, position, DEAL_REASON.TP, `[tp ${position.tp}]`);
  }
  // The stop-out closes the worst position first, then the next, until the level is back.
  while (belowStopOut(account, tick)) {
    const worst = worstPosition(account.positionsOf(spec.symbol), tick, spec.pointValue);
    if (!worst) return;
    closeByServer(ctx, tick, worst, DEAL_REASON.SO, '[so]');
  }
}

function worstPosition(positions: Position[], tick: Tick, pointValue: number) {
  let worst: { position: Position; profit: number } | undefined;
  for (const position of positions) {
    const price = closingPrice(position, tick.bid, tick.ask);
    const profit = closingProfit(position, price, position.volume, pointValue);
    if (!worst || profit < worst.profit) worst = { position, profit };
  }
  return worst?.position;
}

function belowStopOut(account: Account, tick: Tick): boolean {
  const margin = account.margin();
  return margin > 0 && (account.equity(tick) / margin) * 100 < account.stopOutLevel;
}

// The server closes the whole position with an order of its own, as MT5 does for SL/TP.
function closeByServer(
  ctx: FillContext,
  tick: Tick,
  position: Position,
  reason: DealReason,
  comment: string,
) {
  const side = opposite(position.type);
  const order = { ticket: ctx.account.nextOrderTicket(), side, volume: position.volume };
  const meta = { magic: position.magic, comment, reason };
  const target = ctx.account.hedging ? position : undefined;
  fillAtMarket(ctx, tick, { ...order, sl: 0, tp: 0 }, meta, target);
}
