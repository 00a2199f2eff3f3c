import { count, empty, factor, money, pair, percent, type Cell } from './cells.js';
import type { StatementLabels } from './messages.js';
import type { TradeResults } from './results.js';
import type {
  StatementAccountFigures,
  StatementFigure,
  StatementFigures,
} from './statement.types.js';

const figure = (key: string, label: string, value: Cell): StatementFigure => ({
  key,
  label,
  value,
});
const ratio = (value: number): Cell => ({ kind: 'number', value, decimals: 2 });

/**
 * The account block above Results, in MT5's order: Balance, Credit Facility, Floating P/L,
 * Equity (left), Free Margin, Margin, Margin Level (right). Credit is not stored: 0.00.
 */
export function summaryFigures(
  figures: StatementAccountFigures | null,
  s: StatementLabels['summary'],
): StatementFigures {
  const at = (value: number | undefined): Cell => (value === undefined ? empty : money(value));
  return {
    kind: 'figures',
    key: 'summary',
    title: '',
    items: [
      figure('balance', s.balance, at(figures?.balance)),
      figure('credit', s.credit, figures ? money(0) : empty),
      figure('floating', s.floating, at(figures?.profit)),
      figure('equity', s.equity, at(figures?.equity)),
      figure('free_margin', s.freeMargin, at(figures?.free_margin)),
      figure('margin', s.margin, at(figures?.margin)),
      // MT5 shows no margin level while no margin is in use.
      figure(
        'margin_level',
        s.marginLevel,
        figures && figures.margin > 0 ? percent(figures.margin_level) : empty,
      ),
    ],
  };
}

/** The Results block in MT5's order, each value with its key for whoever reads the statement. */
export function resultsFigures(x: TradeResults, r: StatementLabels['results']): StatementFigures {
  const dd = (d: { money: number; percent: number }, moneyFirst: boolean) =>
    moneyFirst
      ? pair(money(d.money), percent(d.percent))
      : pair(percent(d.percent), money(d.money));
  const share = (c: { count: number; percent: number }) => pair(count(c.count), percent(c.percent));
  return {
    kind: 'figures',
    key: 'results',
    title: '',
    items: [
      figure('total_net_profit', r.totalNetProfit, money(x.total_net_profit)),
      figure('gross_profit', r.grossProfit, money(x.gross_profit)),
      figure('gross_loss', r.grossLoss, money(x.gross_loss)),
      figure('profit_factor', r.profitFactor, factor(x.profit_factor)),
      figure('expected_payoff', r.expectedPayoff, money(x.expected_payoff)),
      figure('recovery_factor', r.recoveryFactor, ratio(x.recovery_factor)),
      figure('sharpe_ratio', r.sharpeRatio, ratio(x.sharpe_ratio)),
      figure('balance_drawdown_absolute', r.drawdownAbsolute, money(x.balance_drawdown_absolute)),
      figure('balance_drawdown_maximal', r.drawdownMaximal, dd(x.balance_drawdown_maximal, true)),
      figure(
        'balance_drawdown_relative',
        r.drawdownRelative,
        dd(x.balance_drawdown_relative, false),
      ),
      figure('total_trades', r.totalTrades, count(x.total_trades)),
      figure('short_trades', r.shortTrades, share(x.short_trades)),
      figure('long_trades', r.longTrades, share(x.long_trades)),
      figure('profit_trades', r.profitTrades, share(x.profit_trades)),
      figure('loss_trades', r.lossTrades, share(x.loss_trades)),
      figure('largest_profit_trade', r.largestProfitTrade, money(x.largest_profit_trade)),
      figure('largest_loss_trade', r.largestLossTrade, money(x.largest_loss_trade)),
      figure('average_profit_trade', r.averageProfitTrade, money(x.average_profit_trade)),
      figure('average_loss_trade', r.averageLossTrade, money(x.average_loss_trade)),
      figure(
        'max_consecutive_wins',
        r.maxConsecutiveWins,
        pair(count(x.max_consecutive_wins.count), money(x.max_consecutive_wins.money)),
      ),
      figure(
        'max_consecutive_losses',
        r.maxConsecutiveLosses,
        pair(count(x.max_consecutive_losses.count), money(x.max_consecutive_losses.money)),
      ),
      figure(
        'maximal_consecutive_profit',
        r.maximalConsecutiveProfit,
        pair(money(x.maximal_consecutive_profit.money), count(x.maximal_consecutive_profit.count)),
      ),
      figure(
        'maximal_consecutive_loss',
        r.maximalConsecutiveLoss,
        pair(money(x.maximal_consecutive_loss.money), count(x.maximal_consecutive_loss.count)),
      ),
      figure(
        'average_consecutive_wins',
        r.averageConsecutiveWins,
        count(x.average_consecutive_wins),
      ),
      figure(
        'average_consecutive_losses',
        r.averageConsecutiveLosses,
        count(x.average_consecutive_losses),
      ),
    ],
  };
}
