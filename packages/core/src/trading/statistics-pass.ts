import type { BalanceOperation } from './balance-operations.js';
import type { PositionColumns } from './columns.js';
import { MS_PER_DAY, MS_PER_HOUR } from './constants.js';
import type { DayOffsets, ZoneClock } from './zone-clock.js';

/** Totals of the money column in close-time order. */
export interface MoneyPass {
  sum: number;
  grossProfit: number;
  grossLoss: number;
  wins: number;
  losses: number;
  largestWin: number;
  largestLoss: number;
  /** The running balance (from the initial balance) and its peak, after the last row. */
  balance: number;
  peak: number;
  /** Largest fall from a peak, in money and as a percent of that peak. */
  drawdown: number;
  drawdownPercent: number;
  /** Balance operations (in time order) and how many of them the rows have passed. */
  operations: readonly BalanceOperation[];
  nextOperation: number;
  symbolProfit: Float64Array;
  symbolTrades: Int32Array;
  symbolWins: Int32Array;
}

/** Durations and buckets of the time columns. */
export interface TimePass {
  durationSum: number;
  /** By local hour of day, 0–23. */
  hourProfit: Float64Array;
  hourTrades: Int32Array;
  /** Net by local day number (days since 1970-01-01 on the local calendar). */
  dayProfit: Map<number, number>;
  /** The local day being summed (flushed into dayProfit when its run of rows ends). */
  day: number;
  dayStart: number;
  dayTotal: number;
  /** The UTC day whose offsets are at hand; sorted rows rarely leave it. */
  span: DayOffsets;
}

/** A deposit or withdrawal is deal type 2 (or none given); MT5's walk leaves withdrawals out. */
function operationKind(op: BalanceOperation): 'deposit' | 'withdrawal' | 'other' {
  if ((op.type ?? 2) !== 2) return 'other';
  return op.amount < 0 ? 'withdrawal' : 'deposit';
}

// Loops run in chunks: V8 then optimises the chunk function whole after a few calls instead of
// re-entering one long loop through on-stack replacement (the time pass went from 25 to 15 ms).
const CHUNK_ROWS = 2048;

function moneyChunk(pass: MoneyPass, columns: PositionColumns, from: number, to: number): void {
  const { net, symbol, closeTime } = columns;
  const { symbolProfit, symbolTrades, symbolWins, operations } = pass;
  let { sum, grossProfit, grossLoss, wins, losses, largestWin, largestLoss } = pass;
  let { balance, peak, drawdown, drawdownPercent, nextOperation } = pass;
  for (let i = from; i < to; i++) {
    const value = net[i] ?? 0;
    // Operations walk as MT5's Results walk them (core's reports/balance-walk.ts): a withdrawal
    // is left out, a deposit moves the balance and its peak alike, any other the balance alone
    // (a bonus taken back is a fall); one at the instant of a close comes first.
    for (
      let op = operations[nextOperation];
      op !== undefined && op.time <= (closeTime[i] ?? 0);
      op = operations[++nextOperation]
    ) {
      const kind = operationKind(op);
      if (kind === 'withdrawal') continue;
      balance += op.amount;
      if (kind === 'deposit') peak += op.amount;
      if (balance > peak) peak = balance;
      else if (peak - balance > drawdown) drawdown = peak - balance;
      if (peak > 0 && ((peak - balance) / peak) * 100 > drawdownPercent) {
        drawdownPercent = ((peak - balance) / peak) * 100;
      }
    }
    const s = symbol[i] ?? 0;
    sum += value;
    symbolProfit[s] = (symbolProfit[s] ?? 0) + value;
    symbolTrades[s] = (symbolTrades[s] ?? 0) + 1;
    if (value > 0) {
      wins++;
      grossProfit += value;
      symbolWins[s] = (symbolWins[s] ?? 0) + 1;
      if (value > largestWin) largestWin = value;
    } else if (value < 0) {
      losses++;
      grossLoss += value;
      if (value < largestLoss) largestLoss = value;
    }
    balance += value;
    if (balance > peak) peak = balance;
    else if (peak - balance > drawdown) drawdown = peak - balance;
    if (peak > 0 && ((peak - balance) / peak) * 100 > drawdownPercent) {
      drawdownPercent = ((peak - balance) / peak) * 100;
    }
  }
  Object.assign(pass, { sum, grossProfit, grossLoss, wins, losses, largestWin, largestLoss });
  Object.assign(pass, { balance, peak, drawdown, drawdownPercent, nextOperation });
}

/**
 * Money figures of close-time-ordered columns, the running balance starting at `initial` and
 * moved by `operations` (in time order) as they come; those after the last row end it.
 */
export function moneyPass(
  columns: PositionColumns,
  initial: number,
  operations: readonly BalanceOperation[] = [],
): MoneyPass {
  const symbols = columns.symbols.length;
  const pass: MoneyPass = {
    ...{ sum: 0, grossProfit: 0, grossLoss: 0, wins: 0, losses: 0, largestWin: 0, largestLoss: 0 },
    ...{ balance: initial, peak: initial, drawdown: 0, drawdownPercent: 0 },
    ...{ operations, nextOperation: 0 },
    symbolProfit: new Float64Array(symbols),
    symbolTrades: new Int32Array(symbols),
    symbolWins: new Int32Array(symbols),
  };
  for (let from = 0; from < columns.length; from += CHUNK_ROWS) {
    moneyChunk(pass, columns, from, Math.min(columns.length, from + CHUNK_ROWS));
  }
  for (; pass.nextOperation < operations.length; pass.nextOperation++) {
    const op = operations[pass.nextOperation];
    if (op === undefined) continue;
    const kind = operationKind(op);
    if (kind === 'withdrawal') continue;
    pass.balance += op.amount;
    if (kind === 'deposit') pass.peak += op.amount;
    if (pass.balance > pass.peak) pass.peak = pass.balance;
    const fall = pass.peak - pass.balance;
    if (fall > pass.drawdown) pass.drawdown = fall;
    if (pass.peak > 0 && (fall / pass.peak) * 100 > pass.drawdownPercent) {
      pass.drawdownPercent = (fall / pass.peak) * 100;
    }
  }
  return pass;
}

function timeChunk(
  pass: TimePass,
  columns: PositionColumns,
  clock: ZoneClock,
  from: number,
  to: number,
): void {
  const { net, openTime, closeTime } = columns;
  const { hourProfit, hourTrades, dayProfit } = pass;
  let { durationSum, day, dayStart, dayTotal, span } = pass;
  for (let i = from; i < to; i++) {
    const value = net[i] ?? 0;
    const closed = closeTime[i] ?? 0;
    durationSum += closed - (openTime[i] ?? 0);
    if (!(closed >= span.start && closed < span.end)) span = clock.daySpan(closed);
    const local = closed + (closed < span.switchAt ? span.before : span.after);
    if (!(local >= dayStart && local < dayStart + MS_PER_DAY)) {
      if (!Number.isNaN(day)) dayProfit.set(day, (dayProfit.get(day) ?? 0) + dayTotal);
      day = Math.floor(local / MS_PER_DAY);
      dayStart = day * MS_PER_DAY;
      dayTotal = 0;
    }
    dayTotal += value;
    const hour = ((local - dayStart) / MS_PER_HOUR) | 0;
    hourProfit[hour] = (hourProfit[hour] ?? 0) + value;
    hourTrades[hour] = (hourTrades[hour] ?? 0) + 1;
  }
  Object.assign(pass, { durationSum, day, dayStart, dayTotal, span });
}

/** Durations and local day and hour buckets of close-time-ordered columns. */
export function timePass(columns: PositionColumns, clock: ZoneClock): TimePass {
  const pass: TimePass = {
    durationSum: 0,
    hourProfit: new Float64Array(24),
    hourTrades: new Int32Array(24),
    dayProfit: new Map<number, number>(),
    ...{ day: Number.NaN, dayStart: Number.NaN, dayTotal: 0 },
    span: clock.daySpan(columns.closeTime[0] ?? 0),
  };
  for (let from = 0; from < columns.length; from += CHUNK_ROWS) {
    timeChunk(pass, columns, clock, from, Math.min(columns.length, from + CHUNK_ROWS));
  }
  const { day, dayProfit, dayTotal } = pass;
  if (!Number.isNaN(day)) dayProfit.set(day, (dayProfit.get(day) ?? 0) + dayTotal);
  return pass;
}

/** Sample standard deviation (n - 1) around a known mean; 0 below two values. */
export function sampleStandardDeviation(values: Float64Array, mean: number): number {
  const n = values.length;
  if (n < 2) return 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const deviation = (values[i] ?? 0) - mean;
    squares += deviation * deviation;
  }
  return Math.sqrt(squares / (n - 1));
}
