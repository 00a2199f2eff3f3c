import {
  isMarketOpen,
  type PositionsResponseSchema,
  type RealtimeResponseSchema,
} from '@vortex/core';
import type pg from 'pg';
import type { z } from 'zod';
import type { AgentRegistry } from '../bridge/agent-registry.js';
import { liveBridgeFor } from '../bridge/bridge-status.service.js';
import type { OpenBookCache } from './open-book-cache.js';
import type { PositionsCache } from './positions-cache.js';
import { statisticsOf } from './statistics.service.js';
import { todayRange, type TimeRange } from './trading-range.js';
import { currentAccountOf, openBook, type TradingAccount } from './trading.repo.js';

export type OpenBook = z.infer<typeof PositionsResponseSchema>;

export interface RealtimeDeps {
  pool: pg.Pool;
  agents: AgentRegistry;
  /** Where /dashboard/positions reads from when set, instead of the database each time. */
  openBooks?: OpenBookCache<OpenBook>;
}

function accountInfo(account: TradingAccount | undefined) {
  if (!account || account.balance === null) return null;
  return {
    balance: account.balance,
    equity: account.equity ?? account.balance,
    profit: account.profit ?? 0,
    margin: account.margin ?? 0,
    free_margin: account.free_margin ?? 0,
    margin_level: account.margin_level ?? 0,
  };
}

/**
 * GET /dashboard/realtime: connection, account, open positions and performance. Performance is
 * the statistics of `range` with today's profit and trades beside them.
 */
export async function realtimeOf(
  deps: RealtimeDeps & { positions: PositionsCache },
  userId: number,
  range: TimeRange,
  now = Date.now(),
): Promise<z.infer<typeof RealtimeResponseSchema>['data']> {
  const live = liveBridgeFor(deps, userId);
  const account = await currentAccountOf(deps.pool, userId);
  const today = todayRange(now);
  const closed = (r: TimeRange) =>
    account
      ? deps.positions
          .closedBetween(account.id, account.deals, r.from, r.to)
          .then((a) => a.positions)
      : [];
  const [inRange, ofToday, book] = await Promise.all([
    closed(range),
    closed(today),
    account ? openBook(deps.pool, account.id) : undefined,
  ]);
  const stats = statisticsOf(inRange);
  const todayStats = statisticsOf(ofToday);
  return {
    connection_status: {
      mt5_connected: live.mt5Connected,
      bridge_connected: live.bridgeConnected,
      account: live.accountNumber ?? account?.account_number ?? null,
      server: live.server ?? account?.server ?? null,
    },
    account_info: accountInfo(account),
    positions: book?.positions ?? [],
    performance: {
      win_rate: stats.win_rate,
      profit_factor: stats.profit_factor,
      max_drawdown: stats.max_drawdown,
      total_trades: stats.total_trades,
      daily_profit: todayStats.profit,
      daily_trades: todayStats.total_trades,
      total_profit: stats.profit,
    },
    market_status: { is_open: isMarketOpen(now) },
  };
}

/** GET /dashboard/positions: the open book as the agent last sent it. */
export function openBookOf(deps: RealtimeDeps, userId: number): Promise<OpenBook> {
  return deps.openBooks ? deps.openBooks.get(userId) : readOpenBook(deps.pool, userId);
}

/** The open book from the database, for openBookOf and its cache. */
export async function readOpenBook(pool: pg.Pool, userId: number): Promise<OpenBook> {
  const account = await currentAccountOf(pool, userId);
  const book = account ? await openBook(pool, account.id) : { positions: [], orders: [] };
  return {
    success: true,
    ...book,
    // The agent reports its account every beat and the book only when it changes: the last
    // account time is when this book was last known current.
    updated_at: account?.account_at?.toISOString() ?? null,
  };
}
