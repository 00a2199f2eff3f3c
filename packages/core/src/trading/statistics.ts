import { formatDuration } from '../format/duration.js';
import {
  inTimeOrder,
  moneyPutIn,
  operationsTotal,
  type BalanceOperation,
} from './balance-operations.js';
import { buildPositionColumns, type PositionColumns } from './columns.js';
import { DEFAULT_TIME_ZONE, INITIAL_BALANCE, TOP_SYMBOLS } from './constants.js';
import { percentile } from './percentile.js';
import type { PositionLike } from './position.js';
import { profitFactor } from './profit-factor.js';
import { moneyPass, sampleStandardDeviation, timePass } from './statistics-pass.js';
import { dayKey, zoneClock } from './zone-clock.js';

export interface StatisticsOptions {
  /** Starting balance of the running balance; 10000 on the statistics screen (spec §9). */
  initialBalance?: number;
  /** IANA zone of the local calendar day and hour (best_day, best_hour, trades_per_day). */
  timeZone?: string;
  /**
   * The window's deposits, withdrawals and other balance operations (any order): they move the
   * balance and its peak, and profit % is measured on the initial balance plus the deposits.
   */
  operations?: readonly BalanceOperation[];
}

export interface SymbolStatistics {
  symbol: string;
  trades: number;
  profit: number;
  /** Percent, 0–100. */
  win_rate: number;
}

/**
 * The statistics object of spec §3. Money is net (profit + commission + fee + swap); percentages
 * are 0–100. Extras beyond §3: max_drawdown_percent, avg_duration_ms, gross_profit, gross_loss.
 */
export interface TradingStatistics {
  /** initialBalance + profit + the balance operations. */
  balance: number;
  /** Net profit of all positions (balance operations are no profit). */
  profit: number;
  /** profit / (initialBalance + deposits), percent. */
  profit_percentage: number;
  win_rate: number;
  /** Infinity with profit and no loss, 0 with neither. */
  profit_factor: number;
  /** Largest fall of the running balance from its peak, in money (>= 0). */
  max_drawdown: number;
  /** Largest fall from the peak as a percent of that peak (>= 0); maxima taken separately. */
  max_drawdown_percent: number;
  /** mean / volatility, per trade (not annualised); 0 without volatility. */
  sharpe_ratio: number;
  total_trades: number;
  /** Net > 0; net = 0 is breakeven and counts in neither. */
  winning_trades: number;
  losing_trades: number;
  average_win: number;
  /** Mean of the losing nets: negative (or 0 without losses). */
  average_loss: number;
  largest_win: number;
  /** Most negative net (or 0 without losses). */
  largest_loss: number;
  /** Sample standard deviation (n - 1) of the nets; 0 below two trades. */
  volatility: number;
  /** |5th percentile of the nets| (linear interpolation, numpy's default). */
  var_95: number;
  /** profit_percentage / max_drawdown_percent; 0 without drawdown (no Infinity in JSON). */
  calmar_ratio: number;
  /** Mean open-to-close time, 'Xh Ym'. */
  avg_duration: string;
  avg_duration_ms: number;
  /** Local calendar day (close time) with the highest total net; earliest on ties. */
  best_day: { date: string; profit: number } | null;
  /** Local hour of day (close time, 0–23) with the highest total net; earliest on ties. */
  best_hour: { hour: number; profit: number } | null;
  /** Trades per local calendar day that had at least one close. */
  trades_per_day: number;
  /** Top 5 symbols by net profit; ties by name. */
  symbols: SymbolStatistics[];
  /** Sum of winning nets (>= 0) and of losing nets (<= 0): profit = gross_profit + gross_loss. */
  gross_profit: number;
  gross_loss: number;
}

/** No positions: balance at its start, every figure 0, nothing best. */
export function emptyStatistics(initialBalance = INITIAL_BALANCE): TradingStatistics {
  return {
    balance: initialBalance,
    profit: 0,
    profit_percentage: 0,
    win_rate: 0,
    profit_factor: 0,
    max_drawdown: 0,
    max_drawdown_percent: 0,
    sharpe_ratio: 0,
    total_trades: 0,
    winning_trades: 0,
    losing_trades: 0,
    average_win: 0,
    average_loss: 0,
    largest_win: 0,
    largest_loss: 0,
    volatility: 0,
    var_95: 0,
    calmar_ratio: 0,
    avg_duration: formatDuration(0),
    avg_duration_ms: 0,
    best_day: null,
    best_hour: null,
    trades_per_day: 0,
    symbols: [],
    gross_profit: 0,
    gross_loss: 0,
  };
}

function topSymbols(
  names: readonly string[],
  profit: Float64Array,
  trades: Int32Array,
  wins: Int32Array,
): SymbolStatistics[] {
  const all: SymbolStatistics[] = [];
  names.forEach((symbol, s) => {
    const count = trades[s] ?? 0;
    if (count === 0) return;
    all.push({
      symbol,
      trades: count,
      profit: profit[s] ?? 0,
      win_rate: ((wins[s] ?? 0) / count) * 100,
    });
  });
  all.sort((a, b) => b.profit - a.profit || (a.symbol < b.symbol ? -1 : 1));
  return all.slice(0, TOP_SYMBOLS);
}

function bestHour(profit: Float64Array, trades: Int32Array): TradingStatistics['best_hour'] {
  let best: TradingStatistics['best_hour'] = null;
  for (let hour = 0; hour < 24; hour++) {
    const total = profit[hour] ?? 0;
    if ((trades[hour] ?? 0) > 0 && (best === null || total > best.profit))
      best = { hour, profit: total };
  }
  return best;
}

function bestDay(days: Map<number, number>): TradingStatistics['best_day'] {
  let best: { day: number; profit: number } | null = null;
  for (const [day, total] of days) {
    if (best === null || total > best.profit || (total === best.profit && day < best.day)) {
      best = { day, profit: total };
    }
  }
  return best === null ? null : { date: dayKey(best.day), profit: best.profit };
}

/** The whole statistics object from one pass over the columns (plus one for the variance). */
export function computeStatisticsFromColumns(
  columns: PositionColumns,
  options: StatisticsOptions = {},
): TradingStatistics {
  const initial = options.initialBalance ?? INITIAL_BALANCE;
  const operations = inTimeOrder(options.operations ?? []);
  const n = columns.length;
  if (n === 0)
    return { ...emptyStatistics(initial), balance: initial + operationsTotal(operations) };
  const pass = {
    ...moneyPass(columns, initial, operations),
    ...timePass(columns, zoneClock(options.timeZone ?? DEFAULT_TIME_ZONE)),
  };
  const { sum, grossProfit, grossLoss, wins, losses, drawdownPercent } = pass;
  const mean = sum / n;
  const volatility = sampleStandardDeviation(columns.net, mean);
  const putIn = moneyPutIn(initial, operations);
  const profitPercentage = putIn !== 0 ? (sum / putIn) * 100 : 0;
  const averageDuration = pass.durationSum / n;
  return {
    balance: initial + sum + operationsTotal(operations),
    profit: sum,
    profit_percentage: profitPercentage,
    win_rate: (wins / n) * 100,
    profit_factor: profitFactor(grossProfit, grossLoss),
    max_drawdown: pass.drawdown,
    max_drawdown_percent: drawdownPercent,
    sharpe_ratio: volatility > 0 ? mean / volatility : 0,
    total_trades: n,
    winning_trades: wins,
    losing_trades: losses,
    average_win: wins > 0 ? grossProfit / wins : 0,
    average_loss: losses > 0 ? grossLoss / losses : 0,
    largest_win: pass.largestWin,
    largest_loss: pass.largestLoss,
    volatility,
    var_95: Math.abs(percentile(columns.net, 5)),
    calmar_ratio: drawdownPercent > 0 ? profitPercentage / drawdownPercent : 0,
    avg_duration: formatDuration(averageDuration),
    avg_duration_ms: averageDuration,
    best_day: bestDay(pass.dayProfit),
    best_hour: bestHour(pass.hourProfit, pass.hourTrades),
    trades_per_day: n / pass.dayProfit.size,
    symbols: topSymbols(columns.symbols, pass.symbolProfit, pass.symbolTrades, pass.symbolWins),
    gross_profit: grossProfit,
    gross_loss: grossLoss,
  };
}

let scratchColumns: PositionColumns | undefined;

/** The object-array entry point: builds columns and delegates, so both paths agree exactly. */
export function computeStatistics(
  positions: readonly PositionLike[],
  options: StatisticsOptions = {},
): TradingStatistics {
  // The columns never leave this call, so their buffers are reused from one call to the next.
  scratchColumns = buildPositionColumns(positions, scratchColumns);
  return computeStatisticsFromColumns(scratchColumns, options);
}
