import type { BalanceOperation } from '../trading/balance-operations.js';
import { BalanceWalk } from './balance-walk.js';
import type { DealSide } from '../trading/deal.schema.js';
import { netProfitOf } from '../trading/position.js';
import { profitFactor } from '../trading/profit-factor.js';

// A deposit (> 0) or withdrawal (< 0) inside the period: it moves the balance, it is no trade.
export type { BalanceOperation };

/** What the Results block needs of a closed position (ClosedPosition fits). */
export interface ResultsPosition {
  type: DealSide;
  profit: number;
  commission: number;
  fee?: number;
  swap: number;
  /** Epoch ms. */
  close_time: number;
}

export interface CountWithPercent {
  count: number;
  /** Percent, 0–100. */
  percent: number;
}

export interface Streak {
  count: number;
  money: number;
}

export interface Drawdown {
  money: number;
  /** Percent of the peak the fall started from, 0–100. */
  percent: number;
}

/** The Results block of MT5's trade report. Money is net (profit + commission + swap). */
export interface TradeResults {
  gross_profit: number;
  /** <= 0. */
  gross_loss: number;
  total_net_profit: number;
  /** Infinity with profit and no loss, 0 with neither. */
  profit_factor: number;
  /** Net profit per trade. */
  expected_payoff: number;
  /** Net profit / maximal balance drawdown; 0 without a drawdown. */
  recovery_factor: number;
  /**
   * MT5's Sharpe ratio of a trade report: each trade's return (its net over the balance just
   * before it, HPR − 1), their mean over their population standard deviation. See sharpeOfReturns.
   */
  sharpe_ratio: number;
  /** How far the balance fell below the money put in (start balance plus deposits). */
  balance_drawdown_absolute: number;
  /** The largest peak-to-trough fall in money, with its percent. */
  balance_drawdown_maximal: Drawdown;
  /** The largest peak-to-trough fall in percent, with its money. */
  balance_drawdown_relative: Drawdown;
  total_trades: number;
  /** Sell positions, and the share of them that won. */
  short_trades: CountWithPercent;
  long_trades: CountWithPercent;
  /** Winning and losing trades, as a share of all trades. */
  profit_trades: CountWithPercent;
  loss_trades: CountWithPercent;
  largest_profit_trade: number;
  /** Most negative net (0 without losses). */
  largest_loss_trade: number;
  average_profit_trade: number;
  average_loss_trade: number;
  /** The longest run of wins (ties: the richer), with its money. */
  max_consecutive_wins: Streak;
  max_consecutive_losses: Streak;
  /** The run of wins with the most money (ties: the longer), with its length. */
  maximal_consecutive_profit: Streak;
  maximal_consecutive_loss: Streak;
  /** Mean length of the runs of wins / of losses, rounded to a whole run as MT5 prints it. */
  average_consecutive_wins: number;
  average_consecutive_losses: number;
}

interface Runs {
  runs: number;
  longest: Streak;
  richest: Streak;
}

const noRuns = (): Runs => ({
  runs: 0,
  longest: { count: 0, money: 0 },
  richest: { count: 0, money: 0 },
});

// Losses compare by magnitude: the "richest" losing run is the one that lost the most.
function closeRun(runs: Runs, run: Streak): void {
  if (run.count === 0) return;
  runs.runs++;
  const size = Math.abs(run.money);
  if (
    run.count > runs.longest.count ||
    (run.count === runs.longest.count && size > Math.abs(runs.longest.money))
  ) {
    runs.longest = { ...run };
  }
  if (
    size > Math.abs(runs.richest.money) ||
    (size === Math.abs(runs.richest.money) && run.count > runs.richest.count)
  ) {
    runs.richest = { ...run };
  }
}

/** A breakeven trade (net 0) counts as neither a win nor a loss and ends both runs. */
function streaks(nets: readonly number[]): { wins: Runs; losses: Runs } {
  const wins = noRuns();
  const losses = noRuns();
  let win: Streak = { count: 0, money: 0 };
  let loss: Streak = { count: 0, money: 0 };
  for (const net of nets) {
    if (net > 0) {
      closeRun(losses, loss);
      loss = { count: 0, money: 0 };
      win = { count: win.count + 1, money: win.money + net };
    } else {
      closeRun(wins, win);
      win = { count: 0, money: 0 };
      if (net < 0) loss = { count: loss.count + 1, money: loss.money + net };
      else {
        closeRun(losses, loss);
        loss = { count: 0, money: 0 };
      }
    }
  }
  closeRun(wins, win);
  closeRun(losses, loss);
  return { wins, losses };
}

interface Drawdowns {
  absolute: number;
  maximal: Drawdown;
  relative: Drawdown;
  /** Each trade's net over the balance just before it (trades after a balance of 0 or less: none). */
  returns: number[];
}

/**
 * The balance walked position by position at their closes, with the operations as MT5 walks them
 * (BalanceWalk: a withdrawal is no fall, a bonus taken back is one).
 */
function drawdowns(
  positions: readonly ResultsPosition[],
  nets: readonly number[],
  operations: readonly BalanceOperation[],
  initialBalance: number,
): Drawdowns {
  const ops = [...operations].sort((a, b) => a.time - b.time);
  const walk = new BalanceWalk(initialBalance);
  const returns: number[] = [];
  let next = 0;
  positions.forEach((position, i) => {
    // An operation at the same instant as a close is applied first.
    for (let op = ops[next]; op !== undefined && op.time <= position.close_time; op = ops[next]) {
      walk.operation(op);
      next++;
    }
    const net = nets[i] ?? 0;
    if (walk.balance > 0) returns.push(net / walk.balance);
    walk.trade(net);
  });
  for (; next < ops.length; next++) {
    const op = ops[next];
    if (op) walk.operation(op);
  }
  return { absolute: walk.absolute, maximal: walk.maximal, relative: walk.relative, returns };
}

/**
 * The Sharpe ratio MT5 prints in its trade reports (history reports, and tester reports before
 * build 3210), from each trade's return r = net / balance before it: mean(r) / σ(r), σ the
 * population standard deviation, no risk-free rate. Reproduces every Trade History report in the
 * fixtures (HFM's 0.150038 while it lost money, a yen account's −0.27331 through a 64 % drawdown).
 * 0 below two returns or without deviation.
 */
export function sharpeOfReturns(returns: readonly number[]): number {
  const n = returns.length;
  if (n < 2) return 0;
  let sum = 0;
  for (const r of returns) sum += r;
  const mean = sum / n;
  let squares = 0;
  for (const r of returns) squares += (r - mean) * (r - mean);
  const deviation = Math.sqrt(squares / n);
  // float noise on equal returns is no deviation
  return deviation > Math.abs(mean) * 1e-12 ? mean / deviation : 0;
}

/** The risk figures the terminal prints, of positions walked at their closes. */
export interface PositionsRisk {
  /** The largest fall in money, with its percent. */
  maximal: Drawdown;
  /** The largest fall in percent, with its money. */
  relative: Drawdown;
  sharpe_ratio: number;
}

/**
 * MT5's balance drawdowns and Sharpe ratio of the positions (close-time order) on the running
 * balance from `initialBalance` with the balance operations as the terminal walks them: the
 * figures computeTradeResults gives, for the screens that show only these.
 */
export function positionsRisk(
  positions: readonly ResultsPosition[],
  initialBalance: number,
  operations: readonly BalanceOperation[] = [],
): PositionsRisk {
  const dd = drawdowns(positions, positions.map(netProfitOf), operations, initialBalance);
  return { maximal: dd.maximal, relative: dd.relative, sharpe_ratio: sharpeOfReturns(dd.returns) };
}

/** MT5's Sharpe ratio of the positions (close-time order): positionsRisk's. */
export function sharpeOfPositions(
  positions: readonly ResultsPosition[],
  initialBalance: number,
  operations: readonly BalanceOperation[] = [],
): number {
  return positionsRisk(positions, initialBalance, operations).sharpe_ratio;
}

function sideFigures(
  positions: readonly ResultsPosition[],
  nets: readonly number[],
  side: DealSide,
) {
  let count = 0;
  let won = 0;
  positions.forEach((position, i) => {
    if (position.type !== side) return;
    count++;
    if ((nets[i] ?? 0) > 0) won++;
  });
  return { count, percent: count > 0 ? (won / count) * 100 : 0 };
}

const share = (count: number, total: number): CountWithPercent => ({
  count,
  percent: total > 0 ? (count / total) * 100 : 0,
});

/**
 * MT5's Results block from the period's closed positions in close-time order (as
 * dealsToPositions returns them), the balance at the period's start and the balance
 * operations inside it.
 */
export function computeTradeResults(
  positions: readonly ResultsPosition[],
  initialBalance: number,
  operations: readonly BalanceOperation[] = [],
): TradeResults {
  const nets = positions.map(netProfitOf);
  let grossProfit = 0;
  let grossLoss = 0;
  let wins = 0;
  let losses = 0;
  let largestProfit = 0;
  let largestLoss = 0;
  for (const net of nets) {
    if (net > 0) {
      wins++;
      grossProfit += net;
      largestProfit = Math.max(largestProfit, net);
    } else if (net < 0) {
      losses++;
      grossLoss += net;
      largestLoss = Math.min(largestLoss, net);
    }
  }
  const total = nets.length;
  const net = nets.reduce((sum, value) => sum + value, 0);
  const mean = total > 0 ? net / total : 0;
  const dd = drawdowns(positions, nets, operations, initialBalance);
  const runs = streaks(nets);
  return {
    gross_profit: grossProfit,
    gross_loss: grossLoss,
    total_net_profit: net,
    profit_factor: profitFactor(grossProfit, grossLoss),
    expected_payoff: mean,
    recovery_factor: dd.maximal.money > 0 ? net / dd.maximal.money : 0,
    sharpe_ratio: sharpeOfReturns(dd.returns),
    balance_drawdown_absolute: dd.absolute,
    balance_drawdown_maximal: dd.maximal,
    balance_drawdown_relative: dd.relative,
    total_trades: total,
    short_trades: sideFigures(positions, nets, 'SELL'),
    long_trades: sideFigures(positions, nets, 'BUY'),
    profit_trades: share(wins, total),
    loss_trades: share(losses, total),
    largest_profit_trade: largestProfit,
    largest_loss_trade: largestLoss,
    average_profit_trade: wins > 0 ? grossProfit / wins : 0,
    average_loss_trade: losses > 0 ? grossLoss / losses : 0,
    max_consecutive_wins: runs.wins.longest,
    max_consecutive_losses: runs.losses.longest,
    maximal_consecutive_profit: runs.wins.richest,
    maximal_consecutive_loss: runs.losses.richest,
    average_consecutive_wins: runs.wins.runs > 0 ? Math.round(wins / runs.wins.runs) : 0,
    average_consecutive_losses: runs.losses.runs > 0 ? Math.round(losses / runs.losses.runs) : 0,
  };
}
