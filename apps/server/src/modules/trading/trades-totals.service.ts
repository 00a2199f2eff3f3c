import {
  factorRecord,
  netProfitOf,
  profitFactor,
  type ClosedPosition,
  type TradesTotals,
  type TradesTotalsQuery,
  type TradesTotalsResponse,
} from '@vortex/core';
import { partlyClosed } from './positions-builder.js';
import { isCurrent } from './positions-cache.js';
import { readWatermark } from './positions-store.repo.js';
import type { TradingReadDeps } from './statistics.service.js';
import { TRADES_DEFAULT_DAYS } from './trades.service.js';
import { NO_SUMS, storedPositionSums, type PositionSums } from './trades-totals.repo.js';
import { resolveRange, type TimeRange } from './trading-range.js';
import { currentAccountOf, type TradingAccount } from './trading.repo.js';

/** `sums` with the positions added one by one, as the statistics count them. */
export function withPositions(sums: PositionSums, positions: readonly ClosedPosition[]) {
  const out = { ...sums };
  for (const p of positions) {
    const net = netProfitOf(p);
    out.count++;
    out.net += net;
    if (net > 0) {
      out.wins++;
      out.grossProfit += net;
    } else if (net < 0) {
      out.losses++;
      out.grossLoss += net;
    }
    out.commission += p.commission;
    out.fee += p.fee ?? 0;
    out.swap += p.swap;
  }
  return out;
}

export function totalsOf(s: PositionSums): TradesTotals {
  return {
    count: s.count,
    wins: s.wins,
    losses: s.losses,
    win_rate: s.count === 0 ? 0 : (s.wins / s.count) * 100,
    net_profit: s.net,
    gross_profit: s.grossProfit,
    gross_loss: s.grossLoss,
    profit_factor: factorRecord(profitFactor(s.grossProfit, s.grossLoss)),
    commission: s.commission,
    fee: s.fee,
    swap: s.swap,
  };
}

/**
 * The sums of every position the screens read for the range: the follower's stored round trips
 * summed by the database, plus the partly closed ones its watermark holds, read in one snapshot
 * as PositionsCache reads them. A watermark behind the deals the request saw is caught up first
 * (once), so the totals never lag the list or Estatísticas.
 */
async function accountSums(
  deps: TradingReadDeps,
  account: TradingAccount,
  range: TimeRange,
  magic: number | undefined,
): Promise<PositionSums> {
  let caughtUp = false;
  for (;;) {
    const client = await deps.pool.connect();
    let read: { stored: PositionSums; partial: ClosedPosition[] } | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const mark = await readWatermark(client, account.id);
      if (caughtUp || (mark && isCurrent(mark.version, account.deals))) {
        const stored = await storedPositionSums(client, account.id, range, magic);
        read = { stored, partial: mark ? partlyClosed(mark.state) : [] };
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    if (read) {
      const partial = read.partial.filter(
        (p) =>
          p.close_time >= range.from &&
          p.close_time <= range.to &&
          (magic === undefined || p.magic === magic),
      );
      return withPositions(read.stored, partial);
    }
    await deps.positions.follower.catchUp(account.id, true);
    caughtUp = true;
  }
}

/**
 * GET /trading/trades/totals: the trades screen's cards over every closed position of its
 * filter (the period as GET /bridge/trades reads it, and the magic), however many the list
 * holds. All zeros without an account.
 */
export async function tradesTotalsOf(
  deps: TradingReadDeps,
  userId: number,
  query: TradesTotalsQuery,
  now = Date.now(),
): Promise<TradesTotalsResponse> {
  const range = resolveRange(
    { start: query.start_date, end: query.end_date },
    TRADES_DEFAULT_DAYS,
    now,
  );
  const account = await currentAccountOf(deps.pool, userId);
  const sums = account ? await accountSums(deps, account, range, query.magic) : NO_SUMS;
  return { success: true, totals: totalsOf(sums), account: account?.account_number ?? null };
}
