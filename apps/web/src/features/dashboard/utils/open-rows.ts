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

/** Position id -> latest close time (epoch ms) among the recent closed trades. */
export type ClosedAt = ReadonlyMap<string, number>;

export function closedAtOf(
  trades: readonly { position_id: string; close_time: number }[],
): Map<string, number> {
  const map = new Map<string, number>();
  for (const t of trades)
    map.set(t.position_id, Math.max(map.get(t.position_id) ?? 0, t.close_time));
  return map;
}

const openedAt = (p: Mt5Position) => (p.time_msc > 0 ? p.time_msc : p.time * 1000);

/**
 * A position closed after it opened is a snapshot the agent has not refreshed yet. A netting
 * account reuses the position id, so a close from before the opening is an earlier round trip.
 */
export function closedAlready(p: Mt5Position, closedAt: ClosedAt): boolean {
  const close = closedAt.get(String(p.ticket));
  return close !== undefined && close >= openedAt(p);
}

/** Positions first, newest first, then orders; positions closed already are hidden. */
export function openTable(
  positions: readonly Mt5Position[],
  orders: readonly Mt5Order[],
  closedAt: ClosedAt,
  now: number,
): OpenTable {
  const visible = positions.filter((p) => !closedAlready(p, closedAt));
  const positionRows: OpenRow[] = visible
    .map((p) => ({
      kind: 'position' as const,
      id: p.ticket,
      time: openedAt(p),
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
