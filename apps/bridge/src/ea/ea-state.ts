import {
  Mt5DealSchema,
  Mt5HistoryOrderSchema,
  type Bar,
  type Mt5Account,
  type Mt5Deal,
  type Mt5HistoryOrder,
  type Mt5Order,
  type Mt5Position,
} from '@vortex/core';
import type { Timeframe } from '../agent/mt5-source.js';

/** Bars kept per symbol and timeframe: enough for the agent's history of 500 and then some. */
const BARS_KEPT = 2_000;

const EMPTY_ACCOUNT: Mt5Account = {
  balance: 0,
  equity: 0,
  margin: 0,
  free_margin: 0,
  margin_level: 0,
  profit: 0,
  currency: 'BRL',
};

/** The latest picture of the terminal the EA has pushed, which the agent reads from. */
export class EaState {
  account: Mt5Account = EMPTY_ACCOUNT;
  positions: Mt5Position[] = [];
  orders: Mt5Order[] = [];
  private readonly deals = new Map<number, Mt5Deal>();
  private readonly bars = new Map<string, Bar[]>();
  private readonly historyOrders = new Map<number, Mt5HistoryOrder>();
  /** The agent's history-order cursor (done time, epoch ms), as it last asked. */
  private ordersTaken = 0;

  /** Where the EA should resume its history-order scan. */
  ordersCursor(): number {
    return this.ordersTaken;
  }

  /** Buffers valid history orders; returns the reasons of the ones refused. */
  addHistoryOrders(raw: readonly unknown[]): string[] {
    const refused: string[] = [];
    for (const item of raw) {
      const parsed = Mt5HistoryOrderSchema.safeParse(item);
      if (!parsed.success) {
        refused.push(
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      } else if (parsed.data.time_done_msc >= this.ordersTaken) {
        this.historyOrders.set(parsed.data.ticket, parsed.data);
      }
    }
    return refused;
  }

  /** History orders done at or after `since`; those before it are dropped (the agent has them). */
  takeHistoryOrders(since: number): Mt5HistoryOrder[] {
    this.ordersTaken = Math.max(this.ordersTaken, since);
    const kept: Mt5HistoryOrder[] = [];
    for (const [ticket, o] of this.historyOrders) {
      if (o.time_done_msc < this.ordersTaken) this.historyOrders.delete(ticket);
      else kept.push(o);
    }
    return kept.sort((a, b) => a.time_done_msc - b.time_done_msc || a.ticket - b.ticket);
  }
  /** The highest ticket the agent has taken (its `poll` cursor). */
  private taken = 0;

  /** Where the EA should resume its deal scan: nothing the agent has, nor what is buffered. */
  dealCursor(): number {
    let cursor = this.taken;
    for (const ticket of this.deals.keys()) cursor = Math.max(cursor, ticket);
    return cursor;
  }

  /** Buffers valid deals; returns the reasons of the ones refused. */
  addDeals(raw: readonly unknown[]): string[] {
    const refused: string[] = [];
    for (const item of raw) {
      const parsed = Mt5DealSchema.safeParse(item);
      if (!parsed.success) {
        refused.push(
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      } else if (parsed.data.ticket > this.taken) {
        this.deals.set(parsed.data.ticket, parsed.data);
      }
    }
    return refused;
  }

  /** Deals above `afterTicket` in ticket order; those at or below it are dropped for good. */
  takeDeals(afterTicket: number): Mt5Deal[] {
    this.taken = Math.max(this.taken, afterTicket);
    for (const ticket of this.deals.keys()) if (ticket <= this.taken) this.deals.delete(ticket);
    return [...this.deals.values()].sort((a, b) => a.ticket - b.ticket);
  }

  /** Merges bars by time (a bar sent twice replaces itself), oldest first. */
  addBars(symbol: string, timeframe: Timeframe, bars: readonly Bar[]): void {
    const key = `${symbol}|${timeframe}`;
    const byTime = new Map((this.bars.get(key) ?? []).map((b) => [b.time, b]));
    for (const bar of bars) byTime.set(bar.time, bar);
    const merged = [...byTime.values()].sort((a, b) => a.time - b.time);
    this.bars.set(key, merged.slice(-BARS_KEPT));
  }

  barsAfter(symbol: string, timeframe: Timeframe, afterTime: number, limit: number): Bar[] {
    const all = this.bars.get(`${symbol}|${timeframe}`) ?? [];
    return all.filter((b) => b.time > afterTime).slice(-limit);
  }
}
