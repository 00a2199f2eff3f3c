import { MS_PER_HOUR, type Mt5Order, type Mt5Position } from '@vortex/core';

/** trading.md §9: the table shows at most 10 rows; positions older than 2 h may be stale. */
export const OPEN_TABLE_MAX_ROWS = 10;
export const STALE_POSITION_MS = 2 * MS_PER_HOUR;

/** One row of the open table: a position (POS) or a working order (ORD). */
export interface OpenRow {
  kind: 'position' | 'order';
  id: number;
  /** Epoch ms. */
  time: number;
  symbol: string;
  volume: number;
  /** MT5 position or order type. */
  type: number;
  price: number;
  sl: number;
  tp: number;
  current: number | null;
  profit: number | null;
  magic: number;
}

export interface OpenTable {
  rows: OpenRow[];
  total: number;
  /** Tickets of positions open for more than 2 h. */
  stale: number[];
  /** Positions left out because they already show among the recent closed trades. */
  hidden: number;
}

/**
 * Positions first, newest first, then orders. A position whose id is among the recent closed
 * trades is a snapshot the agent has not refreshed yet: it is hidden, not shown twice.
 */
export function openTable(
  positions: readonly Mt5Position[],
  orders: readonly Mt5Order[],
  closedPositionIds: ReadonlySet<string>,
  now: number,
): OpenTable {
  const visible = positions.filter((p) => !closedPositionIds.has(String(p.ticket)));
  const positionRows: OpenRow[] = visible
    .map((p) => ({
      kind: 'position' as const,
      id: p.ticket,
      time: p.time_msc > 0 ? p.time_msc : p.time * 1000,
      symbol: p.symbol,
      volume: p.volume,
      type: p.type,
      price: p.price_open,
      sl: p.sl,
      tp: p.tp,
      current: p.price_current,
      profit: p.profit,
      magic: p.magic,
    }))
    .sort((a, b) => b.time - a.time);
  const orderRows: OpenRow[] = orders
    .map((o) => ({
      kind: 'order' as const,
      id: o.order,
      time: o.time_setup * 1000,
      symbol: o.symbol,
      volume: o.volume_initial,
      type: o.type,
      price: o.price_open,
      sl: o.sl,
      tp: o.tp,
      current: null,
      profit: null,
      magic: o.magic,
    }))
    .sort((a, b) => b.time - a.time);
  const all = [...positionRows, ...orderRows];
  return {
    rows: all.slice(0, OPEN_TABLE_MAX_ROWS),
    total: all.length,
    stale: positionRows.filter((r) => now - r.time > STALE_POSITION_MS).map((r) => r.id),
    hidden: positions.length - visible.length,
  };
}
