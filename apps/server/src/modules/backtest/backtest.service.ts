import {
  aggregateBars,
  BACKTEST_DEFAULT_SEED,
  BACKTEST_MAX_BARS,
  backtestMessages as m,
  resolveBotSymbol,
  resolveInstrument,
  seriesSpans,
  simulatedBarCount,
  WIN_CONTRACT,
  type BacktestRequest,
  type BacktestResponse,
  type BarLike,
  type TradedInstrument,
} from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { findSymbolSpec } from '../bridge/symbol-specs.repo.js';
import { barsBetween } from '../market/market.repo.js';
import { resolveRange } from '../trading/trading-range.js';
import { currentAccountOf } from '../trading/trading.repo.js';
import type { BacktestJob } from './backtest.job.js';
import type { BacktestPool } from './backtest.pool.js';

/** Stored bars look back a year by default. */
const DEFAULT_DAYS = 365;

/**
 * The bars stored for the caller's account, in the configuration's timeframe (M1 folded). For
 * 'série vigente' each day reads the WIN series current that day, so a window across an expiry
 * reads as one history, as the live bot would have traded it.
 */
async function storedBars(
  pool: pg.Pool,
  accountId: number,
  request: BacktestRequest,
): Promise<BarLike[]> {
  const range = resolveRange({ start: request.start_date, end: request.end_date }, DEFAULT_DAYS);
  const { symbol, timeframe } = request.config.general;
  const bars: BarLike[] = [];
  for (const span of seriesSpans(symbol, range.from, range.to)) {
    const window = {
      from: Math.floor(span.from / 1000),
      to: Math.floor(span.to / 1000),
      limit: BACKTEST_MAX_BARS - bars.length,
    };
    if (window.limit <= 0) break;
    bars.push(...(await spanBars(pool, accountId, span.symbol, timeframe, window)));
  }
  return bars;
}

async function spanBars(
  pool: pg.Pool,
  accountId: number,
  symbol: string,
  timeframe: BacktestRequest['config']['general']['timeframe'],
  window: { from: number; to: number; limit: number },
): Promise<BarLike[]> {
  const own = await barsBetween(pool, accountId, symbol, timeframe, window);
  if (own.length > 0 || timeframe === 'M1') return own;
  return aggregateBars(await barsBetween(pool, accountId, symbol, 'M1', window), timeframe);
}

/** The simulated market's range, checked here so a bad one never reaches a worker. */
function simulatorJob(request: BacktestRequest): BacktestJob {
  const range = resolveRange({ start: request.start_date, end: request.end_date }, DEFAULT_DAYS);
  // resolveRange's end is inclusive, the generator's exclusive.
  const to = range.to + 1;
  // Bounded before counting: ten years of calendar is still a cheap walk.
  if (to - range.from > 10 * 366 * 86_400_000) {
    throw new HttpError(400, m.simulatorTooManyBars(BACKTEST_MAX_BARS));
  }
  const count = simulatedBarCount(range.from, to);
  if (count === 0) throw new HttpError(400, m.simulatorNoSessions);
  if (count > BACKTEST_MAX_BARS)
    throw new HttpError(400, m.simulatorTooManyBars(BACKTEST_MAX_BARS));
  const seed = request.seed ?? BACKTEST_DEFAULT_SEED;
  // The simulated market is WIN's, whatever symbol the configuration names.
  const { prefix, tick, pointValue, commissionPerContract } = WIN_CONTRACT;
  const instrument: TradedInstrument = {
    symbol: prefix,
    tick,
    pointValue,
    commissionPerContract,
    source: 'b3',
  };
  return {
    config: request.config,
    instrument,
    source: 'simulator',
    range: { seed, from: range.from, to },
  };
}

/**
 * The configuration's symbol valued as the account's terminal stated it (the current series for
 * 'série vigente'), else as B3's WIN or WDO; any other symbol is refused rather than valued as
 * WIN. Without an account (a CSV run) only B3's contracts are known.
 */
async function instrumentOf(
  pool: pg.Pool,
  accountId: number | undefined,
  request: BacktestRequest,
): Promise<TradedInstrument> {
  const symbol = resolveBotSymbol(request.config.general.symbol, Date.now());
  const spec = accountId === undefined ? null : await findSymbolSpec(pool, accountId, symbol);
  const resolved = resolveInstrument(symbol, spec);
  if (!resolved.ok) throw new HttpError(400, resolved.error);
  return resolved.instrument;
}

async function jobOf(
  pool: pg.Pool,
  userId: number,
  request: BacktestRequest,
): Promise<BacktestJob> {
  if (request.source === 'simulator') return simulatorJob(request);
  const account = await currentAccountOf(pool, userId);
  if (request.source === 'csv') {
    const instrument = await instrumentOf(pool, account?.id, request);
    return { config: request.config, instrument, source: 'csv', csv: request.csv ?? '' };
  }
  if (!account) throw new HttpError(409, m.noAccount);
  const instrument = await instrumentOf(pool, account.id, request);
  const bars = await storedBars(pool, account.id, request);
  if (bars.length === 0) throw new HttpError(404, m.noBars);
  return { config: request.config, instrument, source: 'stored', bars };
}

/**
 * POST /api/bot/backtest: core's backtest (the live bot's rules) of the configuration over the
 * caller's stored bars, an uploaded CSV or the simulator's market, with the statistics object
 * the screens show. The parsing, drawing and backtesting run on a worker thread.
 */
export async function runBacktest(
  deps: { pool: pg.Pool; backtests: BacktestPool },
  userId: number,
  request: BacktestRequest,
): Promise<BacktestResponse> {
  const result = await deps.backtests.run(await jobOf(deps.pool, userId, request));
  if (!result.ok) throw new HttpError(result.status, result.error);
  return result.response;
}
