import type { DealSide } from '../trading/deal.schema.js';
import { BalanceWalk } from './balance-walk.js';
import { profitFactor } from '../trading/profit-factor.js';
import {
  sharpeOfReturns,
  type BalanceOperation,
  type CountWithPercent,
  type Streak,
  type TradeResults,
} from './results.js';

/**
 * One trade deal as MT5's Results block reads it: `net` is profit + commission + fee + swap of
 * that deal alone; `closes` is true for out, in/out and out by (a trade, in MT5's words).
 */
export interface Mt5ResultsDeal {
  /** Epoch ms. */
  time: number;
  /** The deal's own side: a buy deal that closes, closes a short. */
  side: DealSide;
  closes: boolean;
  net: number;
}

const share = (count: number, total: number): CountWithPercent => ({
  count,
  percent: total > 0 ? (count / total) * 100 : 0,
});

interface Runs {
  runs: number;
  longest: Streak;
  richest: Streak;
}

function runsOf(values: readonly number[], inRun: (net: number) => boolean): Runs {
  const out: Runs = { runs: 0, longest: { count: 0, money: 0 }, richest: { count: 0, money: 0 } };
  let run: Streak = { count: 0, money: 0 };
  const close = () => {
    if (run.count === 0) return;
    out.runs++;
    const size = Math.abs(run.money);
    const longest = out.longest;
    if (
      run.count > longest.count ||
      (run.count === longest.count && size > Math.abs(longest.money))
    )
      out.longest = run;
    const richest = out.richest;
    if (
      size > Math.abs(richest.money) ||
      (size === Math.abs(richest.money) && run.count > richest.count)
    )
      out.richest = run;
    run = { count: 0, money: 0 };
  };
  for (const net of values) {
    if (inRun(net)) run = { count: run.count + 1, money: run.money + net };
    else close();
  }
  close();
  return out;
}

/**
 * The balance walks through every trade deal (openings' commissions too) and every balance
 * operation, as MT5 walks them (BalanceWalk: a withdrawal is no fall, a bonus taken back is one).
 * Each closing deal's return is its net over the balance just before it (MT5's HPR − 1).
 */
function walk(
  deals: readonly Mt5ResultsDeal[],
  operations: readonly BalanceOperation[],
  initialBalance: number,
) {
  const steps = [
    ...operations.map((o) => ({ time: o.time, op: o, deal: undefined })),
    ...deals.map((d) => ({ time: d.time, op: undefined, deal: d })),
  ].sort((a, b) => a.time - b.time || Number(b.op !== undefined) - Number(a.op !== undefined));
  const balance = new BalanceWalk(initialBalance);
  const returns: number[] = [];
  for (const { op, deal } of steps) {
    if (op) balance.operation(op);
    if (!deal) continue;
    if (deal.closes && balance.balance > 0) returns.push(deal.net / balance.balance);
    balance.trade(deal.net);
  }
  const { absolute, maximal, relative } = balance;
  return { absolute, maximal, relative, returns };
}

/**
 * MT5's Results block counted as the terminal counts it: a trade is a closing deal, so a position
 * closed in two parts is two trades; a trade whose net is 0 is a profit trade; the total net
 * profit is every trade deal's net, and the openings' costs land in the gross loss (gross loss =
 * net − gross profit, as in every real report). Checked figure for figure against real reports.
 * The dashboard counts round trips (positions) instead; this is the statement's count.
 */
export function mt5Results(
  deals: readonly Mt5ResultsDeal[],
  initialBalance: number,
  operations: readonly BalanceOperation[] = [],
): TradeResults {
  const sorted = [...deals].sort((a, b) => a.time - b.time);
  const trades = sorted.filter((d) => d.closes);
  const nets = trades.map((d) => d.net);
  const won = (net: number) => net >= 0;
  const wins = nets.filter(won);
  const losses = nets.filter((n) => !won(n));
  const total = nets.length;
  const totalNet = sorted.reduce((sum, d) => sum + d.net, 0);
  const grossProfit = wins.reduce((a, b) => a + b, 0);
  const grossLoss = totalNet - grossProfit;
  const dd = walk(sorted, operations, initialBalance);
  const winRuns = runsOf(nets, won);
  const lossRuns = runsOf(nets, (n) => !won(n));
  // A closing sell deal closes a long position.
  const side = (closingSide: DealSide) => {
    const own = trades.filter((d) => d.side === closingSide);
    return {
      count: own.length,
      percent: share(own.filter((d) => won(d.net)).length, own.length).percent,
    };
  };
  return {
    gross_profit: grossProfit,
    gross_loss: grossLoss,
    total_net_profit: totalNet,
    profit_factor: profitFactor(grossProfit, grossLoss),
    expected_payoff: total > 0 ? totalNet / total : 0,
    recovery_factor: dd.maximal.money > 0 ? totalNet / dd.maximal.money : 0,
    sharpe_ratio: sharpeOfReturns(dd.returns),
    balance_drawdown_absolute: dd.absolute,
    balance_drawdown_maximal: dd.maximal,
    balance_drawdown_relative: dd.relative,
    total_trades: total,
    short_trades: side('BUY'),
    long_trades: side('SELL'),
    profit_trades: share(wins.length, total),
    loss_trades: share(losses.length, total),
    largest_profit_trade: wins.length > 0 ? Math.max(...wins) : 0,
    largest_loss_trade: losses.length > 0 ? Math.min(...losses) : 0,
    average_profit_trade: wins.length > 0 ? grossProfit / wins.length : 0,
    average_loss_trade: losses.length > 0 ? grossLoss / losses.length : 0,
    max_consecutive_wins: winRuns.longest,
    max_consecutive_losses: lossRuns.longest,
    maximal_consecutive_profit: winRuns.richest,
    maximal_consecutive_loss: lossRuns.richest,
    average_consecutive_wins: winRuns.runs > 0 ? Math.round(wins.length / winRuns.runs) : 0,
    average_consecutive_losses: lossRuns.runs > 0 ? Math.round(losses.length / lossRuns.runs) : 0,
  };
}
