import {
  aggregateBars,
  BACKTEST_MAX_BARS,
  backtest,
  backtestMessages as m,
  netProfitOf,
  parseBarsCsv,
  statisticsRecord,
  INITIAL_BALANCE,
  type BacktestRequest,
  type BacktestResponse,
  type BarLike,
} from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../app/http-error.js';
import { barsBetween } from '../market/market.repo.js';
import { resolveRange } from '../trading/trading-range.js';
import { currentAccountOf } from '../trading/trading.repo.js';

/** Stored bars look back a year by default. */
const DEFAULT_DAYS = 365;

/** The bars stored for the caller's account, in the configuration's timeframe (M1 folded). */
async function storedBars(
  pool: pg.Pool,
  userId: number,
  request: BacktestRequest,
): Promise<BarLike[]> {
  const account = await currentAccountOf(pool, userId);
  if (!account) throw new HttpError(409, m.noAccount);
  const range = resolveRange({ start: request.start_date, end: request.end_date }, DEFAULT_DAYS);
  const { symbol, timeframe } = request.config.general;
  const window = {
    from: Math.floor(range.from / 1000),
    to: Math.floor(range.to / 1000),
    limit: BACKTEST_MAX_BARS,
  };
  const own = await barsBetween(pool, account.id, symbol, timeframe, window);
  if (own.length > 0 || timeframe === 'M1') return own;
  return aggregateBars(await barsBetween(pool, account.id, symbol, 'M1', window), timeframe);
}

/**
 * POST /api/bot/backtest: core's backtest (the live bot's rules) of the configuration over the
 * caller's stored bars or an uploaded CSV, with the statistics object the screens show.
 */
export async function runBacktest(
  pool: pg.Pool,
  userId: number,
  request: BacktestRequest,
): Promise<BacktestResponse> {
  let bars: BarLike[];
  if (request.source === 'csv') {
    const parsed = parseBarsCsv(request.csv ?? '', BACKTEST_MAX_BARS);
    if (!parsed.ok) throw new HttpError(400, parsed.error);
    bars = parsed.bars;
  } else {
    bars = await storedBars(pool, userId, request);
    if (bars.length === 0) throw new HttpError(404, m.noBars);
  }
  const result = backtest(bars, request.config);
  return {
    success: true,
    source: request.source,
    bars: bars.length,
    first_bar_time: bars[0]?.time ?? null,
    last_bar_time: bars[bars.length - 1]?.time ?? null,
    trades: result.trades.map((t) => ({ ...t, net_profit: netProfitOf(t) })),
    statistics: statisticsRecord(result.trades, { initialBalance: INITIAL_BALANCE }),
    skipped: {
      daily_limit: result.skipped.dailyLimit,
      position_open: result.skipped.positionOpen,
    },
  };
}
