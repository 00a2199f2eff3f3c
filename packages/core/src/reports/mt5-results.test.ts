import { describe, expect, it } from 'vitest';
import { mt5Results, type Mt5ResultsDeal } from './mt5-results.js';

const T0 = Date.UTC(2026, 10, 16, 13);
const deal = (minute: number, over: Partial<Mt5ResultsDeal>): Mt5ResultsDeal => ({
  time: T0 + minute * 60_000,
  side: 'BUY',
  closes: false,
  net: 0,
  ...over,
});

describe('mt5Results: trades are closing deals, as the terminal counts them', () => {
  it('counts a long closed in two parts, one won and one lost, as 2 trades', () => {
    const x = mt5Results(
      [
        deal(0, { side: 'BUY', net: -2 }), // opening: its commission is no trade
        deal(5, { side: 'SELL', closes: true, net: 30 }),
        deal(9, { side: 'SELL', closes: true, net: -12 }),
      ],
      1000,
    );
    expect(x.total_trades).toBe(2);
    expect(x.profit_trades).toEqual({ count: 1, percent: 50 });
    expect(x.loss_trades).toEqual({ count: 1, percent: 50 });
    // closing sell deals close a long: both are long trades, half of them won
    expect(x.long_trades).toEqual({ count: 2, percent: 50 });
    expect(x.short_trades).toEqual({ count: 0, percent: 0 });
    expect(x.total_net_profit).toBe(16);
    expect(x.gross_profit).toBe(30);
    // the opening's commission lands in the gross loss: gross loss = net - gross profit
    expect(x.gross_loss).toBe(-14);
    expect(x.average_loss_trade).toBe(-14);
  });

  it('counts a trade closed at exactly 0 among the profit trades and in the winning run', () => {
    const x = mt5Results(
      [
        deal(0, { side: 'SELL' }),
        deal(1, { side: 'BUY', closes: true, net: 0 }),
        deal(2, { side: 'SELL' }),
        deal(3, { side: 'BUY', closes: true, net: 5 }),
        deal(4, { side: 'BUY' }),
        deal(5, { side: 'SELL', closes: true, net: -3 }),
      ],
      100,
    );
    expect(x.total_trades).toBe(3);
    expect(x.profit_trades.count).toBe(2);
    expect(x.loss_trades.count).toBe(1);
    expect(x.short_trades).toEqual({ count: 2, percent: 100 });
    expect(x.max_consecutive_wins).toEqual({ count: 2, money: 5 });
    expect(x.max_consecutive_losses).toEqual({ count: 1, money: -3 });
    expect(x.largest_profit_trade).toBe(5);
    expect(x.average_profit_trade).toBe(2.5);
  });

  it('walks the balance through openings too: a deposit is neither a trade nor a drawdown', () => {
    const x = mt5Results(
      [deal(0, { net: -10 }), deal(2, { side: 'SELL', closes: true, net: -40 })],
      100,
      [{ time: T0 + 60_000, amount: 50 }],
    );
    expect(x.total_trades).toBe(1);
    expect(x.balance_drawdown_maximal.money).toBe(50);
    expect(x.balance_drawdown_absolute).toBe(50);
    expect(x.balance_drawdown_maximal.percent).toBeCloseTo((50 / 150) * 100, 10);
  });

  it('walks as the terminal does: a withdrawal is no fall, a bonus taken back is one', () => {
    // Deriv 101713523's operations: deposit 40.25 and bonus 8.05 (48.30), a loss of 2.28, a
    // withdrawal of 9.97, the bonus taken back (type 6), a loss of 2.26: 48.30 to 35.71
    const at = (minute: number) => T0 + minute * 60_000;
    const x = mt5Results(
      [deal(2, { side: 'BUY', closes: true, net: -2.28 }), deal(6, { closes: true, net: -2.26 })],
      0,
      [
        { time: at(0), amount: 40.25, type: 2 },
        { time: at(1), amount: 8.05, type: 6 },
        { time: at(3), amount: -9.97, type: 2 },
        { time: at(4), amount: -8.05, type: 6 },
      ],
    );
    expect(x.balance_drawdown_maximal.money).toBeCloseTo(12.59, 9);
    expect(x.balance_drawdown_relative.percent).toBeCloseTo((12.59 / 48.3) * 100, 9);
    // on the money put in, the deposit alone: 40.25 − 35.71
    expect(x.balance_drawdown_absolute).toBeCloseTo(4.54, 9);
  });
  it("takes the Sharpe ratio on each close's return over the balance just before it", () => {
    // 1000, opening −10 → 990, close +99 (10 %) → 1089, opening −9 → 1080, close −108 (−10 %)
    // → 972, a deposit of 28 → 1000, close +54 (5.4 %): population deviation (÷ n)
    const x = mt5Results(
      [
        deal(0, { net: -10 }),
        deal(1, { side: 'SELL', closes: true, net: 99 }),
        deal(2, { net: -9 }),
        deal(3, { side: 'SELL', closes: true, net: -108 }),
        deal(5, { side: 'SELL', closes: true, net: 54 }),
      ],
      1000,
      [{ time: T0 + 4 * 60_000, amount: 28 }],
    );
    const returns = [0.1, -0.1, 0.054];
    const mean = returns.reduce((a, b) => a + b, 0) / 3;
    const sd = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / 3);
    expect(x.sharpe_ratio).toBeCloseTo(mean / sd, 12);
  });
});
