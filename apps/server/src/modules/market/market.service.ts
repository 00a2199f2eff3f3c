import {
  aggregateBars,
  bucketOf,
  TIMEFRAME_SECONDS,
  type Bar,
  type MarketBarsQuery,
  type MarketBarsResponse,
  type Timeframe,
} from '@vortex/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AgentRegistry } from '../bridge/agent-registry.js';
import { startCommand } from '../bridge/run-command.js';
import { liveAccountOf } from '../trading/trading.repo.js';
import { barsBetween, newestBarTimes } from './market.repo.js';

/** A symbol whose newest bar is older than this is not streaming (or the market is closed). */
export const STALE_AFTER_S = 15 * 60;
/** One subscription request per trader, symbol and timeframe in this time, however often the chart polls. */
export const REQUEST_EVERY_MS = 5 * 60_000;
// Beyond any bar time (epoch s) the schema accepts.
const FAR_FUTURE_S = 1e10;

export interface MarketDeps {
  pool: pg.Pool;
  agents: AgentRegistry;
}

/** The trader's bars of a symbol: stored in the timeframe asked, else folded from stored M1. */
async function storedBars(
  pool: pg.Pool,
  accountId: number,
  q: MarketBarsQuery,
): Promise<{ bars: Bar[]; source: Timeframe | null }> {
  const window = { from: q.from ?? 0, to: q.to ?? FAR_FUTURE_S, limit: q.limit };
  const native = await barsBetween(pool, accountId, q.symbol, q.timeframe, window);
  if (native.length > 0 || q.timeframe === 'M1') {
    return { bars: native, source: native.length > 0 ? q.timeframe : null };
  }
  // A bar's worth of spare minutes: the read spans at least limit + 1 buckets, so its oldest,
  // which the cap may cut short, is never among the newest `limit`.
  const cap = (q.limit + 1) * (TIMEFRAME_SECONDS[q.timeframe] / TIMEFRAME_SECONDS.M1);
  const m1 = await barsBetween(pool, accountId, q.symbol, 'M1', {
    from: bucketOf(window.from, q.timeframe),
    to: window.to,
    limit: cap,
  });
  const folded = aggregateBars(m1, q.timeframe);
  return { bars: folded.slice(-q.limit), source: folded.length > 0 ? 'M1' : null };
}

/**
 * Reads what is stored and asks the trader's connected agent to stream what is missing or
 * stale: M1 (which folds into every timeframe and keeps the newest bar current) and, for a
 * longer timeframe, that timeframe too, whose history reaches further back than 500 M1 bars.
 * Requests run in the background: the bars land with the agent's next messages.
 */
export function marketService(deps: MarketDeps, log: FastifyBaseLogger) {
  const requestedAt = new Map<string, number>();

  /**
   * Asks the agent for a timeframe's bars: recorded and handed to the connection before the read
   * answers (so a later read's requests follow it), its result logged when it comes.
   */
  async function requestBars(
    userId: number,
    symbol: string,
    timeframe: Timeframe,
    now: number,
  ): Promise<boolean> {
    const key = `${userId}|${symbol}|${timeframe}`;
    const last = requestedAt.get(key);
    if (last !== undefined && now - last < REQUEST_EVERY_MS) return true;
    if (!deps.agents.of(userId)) return false;
    // Keys are per trader, symbol and timeframe: forget old ones before the map can grow unbounded.
    if (requestedAt.size >= 10_000) {
      for (const [k, at] of requestedAt) if (now - at >= REQUEST_EVERY_MS) requestedAt.delete(k);
    }
    requestedAt.set(key, now);
    const failed = (err: unknown) => log.warn({ err, userId, symbol }, 'subscribe_bars failed');
    try {
      const { outcome } = await startCommand(deps, userId, {
        kind: 'subscribe_bars',
        symbol,
        timeframe,
      });
      outcome
        .then((reply) => {
          if (!reply.ok) log.info({ userId, symbol, reply: reply.message }, 'bars not subscribed');
        })
        .catch(failed);
    } catch (err) {
      failed(err);
    }
    return true;
  }

  return {
    async barsOf(
      userId: number,
      q: MarketBarsQuery,
      now = Date.now(),
    ): Promise<MarketBarsResponse> {
      const answer = { success: true as const, symbol: q.symbol, timeframe: q.timeframe };
      const account = await liveAccountOf(deps.pool, userId);
      if (!account) return { ...answer, bars: [], source: null, bars_requested: false };
      const [stored, newest] = await Promise.all([
        storedBars(deps.pool, account.id, q),
        newestBarTimes(deps.pool, account.id, q.symbol),
      ]);
      let requested = false;
      for (const tf of new Set<Timeframe>(['M1', q.timeframe])) {
        const time = newest.get(tf);
        if (time === undefined || time < now / 1000 - STALE_AFTER_S) {
          requested = (await requestBars(userId, q.symbol, tf, now)) || requested;
        }
      }
      return { ...answer, ...stored, bars_requested: requested };
    },
  };
}
