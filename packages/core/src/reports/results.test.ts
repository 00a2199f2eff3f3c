import { describe, expect, it } from 'vitest';
import { computeStatistics } from '../trading/statistics.js';
import { computeTradeResults, sharpeOfPositions, type ResultsPosition } from './results.js';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 2, 13);

/** One close per hour, in the given order; 'B' buys (longs), 'S' sells (shorts). */
function trades(list: [side: 'B' | 'S', net: number][]): ResultsPosition[] {
  return list.map(([side, net], i) => ({
    type: side === 'B' ? 'BUY' : 'SELL',
    profit: net,
    commission: 0,
    swap: 0,
    close_time: START + i * HOUR,
  }));
}

describe('computeTradeResults: "five trades, one losing run" from 1000', () => {
  // Nets 100 (101 - 1 commission), -50, -30, 200, 40; balance 1100, 1050, 1020, 1220, 1260.
  const positions = trades([
    ['B', 100],
    ['S', -50],
    ['B', -30],
    ['S', 200],
    ['B', 40],
  ]).map((p, i) => (i === 0 ? { ...p, profit: 101, commission: -1 } : p));
  const r = computeTradeResults(positions, 1000);

  it('adds up gross profit, gross loss and the net, after commission', () => {
    expect(r.gross_profit).toBe(340);
    expect(r.gross_loss).toBe(-80);
    expect(r.total_net_profit).toBe(260);
    expect(r.profit_factor).toBe(4.25);
    expect(r.expected_payoff).toBe(52);
  });

  it('measures the fall from 1100 to 1020: 80 money, 7.27% of the peak', () => {
    expect(r.balance_drawdown_absolute).toBe(0);
    expect(r.balance_drawdown_maximal.money).toBe(80);
    expect(r.balance_drawdown_maximal.percent).toBeCloseTo((80 / 1100) * 100, 10);
    expect(r.balance_drawdown_relative).toEqual(r.balance_drawdown_maximal);
    expect(r.recovery_factor).toBe(3.25);
  });

  it('splits shorts and longs with their won %', () => {
    expect(r.total_trades).toBe(5);
    expect(r.short_trades.count).toBe(2);
    expect(r.short_trades.percent).toBe(50);
    expect(r.long_trades.count).toBe(3);
    expect(r.long_trades.percent).toBeCloseTo(200 / 3, 10);
    expect(r.profit_trades).toEqual({ count: 3, percent: 60 });
    expect(r.loss_trades).toEqual({ count: 2, percent: 40 });
  });

  it('finds the largest and average trades', () => {
    expect(r.largest_profit_trade).toBe(200);
    expect(r.largest_loss_trade).toBe(-50);
    expect(r.average_profit_trade).toBeCloseTo(340 / 3, 10);
    expect(r.average_loss_trade).toBe(-40);
  });

  it('reads the runs W | L L | W W', () => {
    expect(r.max_consecutive_wins).toEqual({ count: 2, money: 240 });
    expect(r.max_consecutive_losses).toEqual({ count: 2, money: -80 });
    expect(r.maximal_consecutive_profit).toEqual({ count: 2, money: 240 });
    expect(r.maximal_consecutive_loss).toEqual({ count: 2, money: -80 });
    // 3 wins in 2 runs: 1.5, printed as MT5 prints it, whole and rounded half up
    expect(r.average_consecutive_wins).toBe(2);
    expect(r.average_consecutive_losses).toBe(2);
  });

  it("takes MT5's Sharpe ratio on each trade's return over the balance before it", () => {
    // Balances before each close 1000, 1100, 1050, 1020, 1220; population deviation (÷ n).
    const returns = [100 / 1000, -50 / 1100, -30 / 1050, 200 / 1020, 40 / 1220];
    const mean = returns.reduce((a, b) => a + b, 0) / 5;
    const deviation = Math.sqrt(returns.reduce((a, x) => a + (x - mean) ** 2, 0) / 5);
    expect(r.sharpe_ratio).toBeCloseTo(mean / deviation, 12);
    expect(sharpeOfPositions(positions, 1000)).toBe(r.sharpe_ratio);
    // not the ratio of the nets in money (52 over their sample deviation), which it was before
    expect(Math.abs(r.sharpe_ratio - 52 / Math.sqrt(10_370))).toBeGreaterThan(0.05);
  });

  it('agrees with the statistics screen on every figure both show', () => {
    const stats = computeStatistics(
      positions.map((p) => ({ ...p, symbol: 'WINZ25', open_time: p.close_time - HOUR })),
      { initialBalance: 1000 },
    );
    expect(stats.gross_profit).toBe(r.gross_profit);
    expect(stats.gross_loss).toBe(r.gross_loss);
    expect(stats.profit).toBe(r.total_net_profit);
    expect(stats.profit_factor).toBe(r.profit_factor);
    // computeStatistics keeps spec §9's Sharpe (mean net / volatility, in money); the screens
    // serve MT5's (statistics.service's statisticsOf), held to it in the server's tests
    expect(stats.max_drawdown).toBe(r.balance_drawdown_maximal.money);
    expect(stats.largest_win).toBe(r.largest_profit_trade);
    expect(stats.largest_loss).toBe(r.largest_loss_trade);
    expect(stats.winning_trades).toBe(r.profit_trades.count);
    expect(stats.losing_trades).toBe(r.loss_trades.count);
  });
});

describe('computeTradeResults: "below the deposit, with a withdrawal" from 500', () => {
  // -100 (400), -50 (350), +30 (380), withdrawal -100 (280), -80 (200), +300 (500). MT5 walks
  // the balance without the withdrawal (BalanceWalk): 400, 350, 380, 300, 600.
  const positions = trades([
    ['S', -100],
    ['S', -50],
    ['B', 30],
    ['B', -80],
    ['B', 300],
  ]);
  const withdrawal = { time: START + 3 * HOUR - 1, amount: -100 };
  const r = computeTradeResults(positions, 500, [withdrawal]);

  it('measures the absolute drawdown against the money put in: 500 - 300', () => {
    expect(r.balance_drawdown_absolute).toBe(200);
  });

  it('leaves the withdrawal out of the walk: 200 from the 500 peak, 40%', () => {
    expect(r.balance_drawdown_maximal).toEqual({ money: 200, percent: 40 });
    expect(r.balance_drawdown_relative).toEqual({ money: 200, percent: 40 });
    expect(r.total_net_profit).toBe(100);
    expect(r.recovery_factor).toBe(0.5);
    expect(r.expected_payoff).toBe(20);
    expect(r.profit_factor).toBeCloseTo(330 / 230, 12);
  });

  it('reads the runs L L | W | L | W, ties going to the richer run', () => {
    expect(r.max_consecutive_wins).toEqual({ count: 1, money: 300 });
    expect(r.max_consecutive_losses).toEqual({ count: 2, money: -150 });
    expect(r.maximal_consecutive_profit).toEqual({ count: 1, money: 300 });
    expect(r.maximal_consecutive_loss).toEqual({ count: 2, money: -150 });
    expect(r.average_consecutive_wins).toBe(1);
    // 3 losses in 2 runs: 1.5, rounded as MT5 prints it (HFM's 2.5 losses a run printed 3)
    expect(r.average_consecutive_losses).toBe(2);
    expect(r.short_trades).toEqual({ count: 2, percent: 0 });
    expect(r.long_trades.percent).toBeCloseTo(200 / 3, 10);
  });
});

describe('computeTradeResults: "a small account grows" from 100', () => {
  // -50 (50: 50 money, 50%), +950 (1000), -200 (800: 200 money, 20%).
  const r = computeTradeResults(
    trades([
      ['B', -50],
      ['B', 950],
      ['S', -200],
    ]),
    100,
  );

  it('reports the maximal and relative drawdowns from different falls', () => {
    expect(r.balance_drawdown_maximal).toEqual({ money: 200, percent: 20 });
    expect(r.balance_drawdown_relative).toEqual({ money: 50, percent: 50 });
    expect(r.balance_drawdown_absolute).toBe(50);
    expect(r.recovery_factor).toBe(700 / 200);
  });
});

describe('computeTradeResults: edge cases', () => {
  it('gives zeros for a period without trades', () => {
    const r = computeTradeResults([], 1000);
    expect(r.total_trades).toBe(0);
    expect(r.profit_factor).toBe(0);
    expect(r.expected_payoff).toBe(0);
    expect(r.sharpe_ratio).toBe(0);
    expect(r.max_consecutive_wins).toEqual({ count: 0, money: 0 });
    expect(r.average_consecutive_losses).toBe(0);
    expect(r.balance_drawdown_maximal).toEqual({ money: 0, percent: 0 });
  });

  it('lets a breakeven trade end a run without counting it', () => {
    const r = computeTradeResults(
      trades([
        ['B', 10],
        ['B', 0],
        ['B', 10],
      ]),
      1000,
    );
    expect(r.max_consecutive_wins).toEqual({ count: 1, money: 10 });
    expect(r.average_consecutive_wins).toBe(1);
    expect(r.profit_trades).toEqual({ count: 2, percent: (2 / 3) * 100 });
    expect(r.loss_trades.count).toBe(0);
    expect(r.profit_factor).toBe(Number.POSITIVE_INFINITY);
    expect(r.recovery_factor).toBe(0);
  });
});
