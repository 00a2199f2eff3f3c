import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  expectBalancesChain,
  expectCounts,
  fixture,
} from '../../../../test/fixtures/mt5/fixtures.js';
import { parseHistoryXlsx } from './history-xlsx.js';

describe('Trade History XLSX (real terminal files, UTF-16 XML parts)', () => {
  it('Darwinex-Live 4000084439: rows and Results with the 6-decimal numeric cells', async () => {
    const r = await parseHistoryXlsx(fixture('ReportHistory-4000084439.xlsx'));
    expect(r.source).toBe('xlsx');
    expect(r.account).toEqual({
      login: '4000084439',
      name: 'ramtraderC_MT5',
      server: 'Darwinex-Live',
      currency: 'USD',
      company: 'Tradeslide Trading Tech Limited',
      mode: 'real',
      margin_mode: 'hedging',
    });
    expect(r.generated_at_text).toBe('2026.03.06 17:49');
    expectCounts(r, { positions: 79, orders: 158, deals: 181, open: 0, balanceRows: 1 });
    expect(r.results).toEqual({
      total_net_profit: -475.21,
      gross_profit: 1372.28,
      gross_loss: -1847.49,
      profit_factor: 0.742781,
      expected_payoff: -6.015316,
      recovery_factor: -0.606437,
      sharpe_ratio: -0.116604,
      balance_drawdown_absolute: 783.61,
      balance_drawdown_maximal: 783.61,
      balance_drawdown_maximal_pct: 0.78,
      balance_drawdown_relative_pct: 0.78,
      balance_drawdown_relative: 783.61,
      total_trades: 79,
      short_trades: 27,
      short_trades_won_pct: 37.04,
      long_trades: 52,
      long_trades_won_pct: 36.54,
      profit_trades: 29,
      profit_trades_pct: 36.71,
      loss_trades: 50,
      loss_trades_pct: 63.29,
      largest_profit_trade: 181.61,
      largest_loss_trade: -78.34,
      average_profit_trade: 47.32,
      average_loss_trade: -36.9498,
      max_consecutive_wins: 6,
      max_consecutive_wins_money: 198.2,
      max_consecutive_losses: 12,
      max_consecutive_losses_money: -455.76,
      maximal_consecutive_profit: 339.94,
      maximal_consecutive_profit_count: 5,
      maximal_consecutive_loss: -455.76,
      maximal_consecutive_loss_count: 12,
      average_consecutive_wins: 2,
      average_consecutive_losses: 4,
    });
    expect(r.deals[0]).toMatchObject({ type: 'balance', comment: 'First deposit', fee: 0 });
    expect(r.positions[0]?.magic).toBeNull();
    expect(r.summary.balance).toBe(99524.23);
    expectBalancesChain(r, 99524.23);
  });

  it('Darwinex-Demo 3000090143', async () => {
    const r = await parseHistoryXlsx(fixture('ReportHistory-3000090143.xlsx'));
    expectCounts(r, { positions: 238, orders: 480, deals: 481, open: 4, balanceRows: 1 });
    expect(r.account).toMatchObject({ login: '3000090143', server: 'Darwinex-Demo', mode: 'demo' });
    expect(r.results).toMatchObject({
      total_net_profit: -1598.66,
      gross_profit: 3509.65,
      gross_loss: -5108.31,
      profit_factor: 0.687047,
      expected_payoff: -6.717059,
      recovery_factor: -0.691079,
      sharpe_ratio: -0.100732,
      balance_drawdown_absolute: 1931.33,
      balance_drawdown_maximal: 2313.28,
      balance_drawdown_maximal_pct: 2.3,
      balance_drawdown_relative_pct: 2.3,
      balance_drawdown_relative: 2313.28,
      total_trades: 238,
      short_trades: 96,
      short_trades_won_pct: 51.04,
      long_trades: 142,
      long_trades_won_pct: 47.89,
      profit_trades: 117,
      profit_trades_pct: 49.16,
      loss_trades: 121,
      loss_trades_pct: 50.84,
      largest_profit_trade: 467.39,
      largest_loss_trade: -308.03,
      average_profit_trade: 29.997009,
      average_loss_trade: -42.217438,
      max_consecutive_wins: 7,
      max_consecutive_wins_money: 763.44,
      max_consecutive_losses: 11,
      max_consecutive_losses_money: -2064.04,
      maximal_consecutive_profit: 763.44,
      maximal_consecutive_profit_count: 7,
      maximal_consecutive_loss: -2064.04,
      maximal_consecutive_loss_count: 11,
      average_consecutive_wins: 3,
      average_consecutive_losses: 3,
    });
    expect(Object.keys(r.results)).toHaveLength(35);
    expect(r.summary).toMatchObject({ balance: 98401.34, floating_pl: 279.23, equity: 98679.87 });
    expectBalancesChain(r, 98401.34);
  });

  it('HFM 57174315, read from a buffer', async () => {
    const r = await parseHistoryXlsx(await readFile(fixture('ReportHistory-57174315-HFM.xlsx')));
    expectCounts(r, { positions: 9, orders: 24, deals: 18, open: 1, balanceRows: 1 });
    expect(r.account).toMatchObject({ login: '57174315', company: 'HFM Investments Ltd' });
    expect(r.results).toMatchObject({
      total_net_profit: -49.67,
      gross_profit: 242.24,
      gross_loss: -291.91,
      profit_factor: 0.829845,
      expected_payoff: -5.518889,
      recovery_factor: -0.170582,
      sharpe_ratio: 0.150038,
      balance_drawdown_absolute: 49.67,
      balance_drawdown_maximal: 291.18,
      balance_drawdown_maximal_pct: 99.68,
      balance_drawdown_relative_pct: 99.68,
      balance_drawdown_relative: 291.18,
      total_trades: 9,
      short_trades: 1,
      short_trades_won_pct: 0,
      long_trades: 8,
      long_trades_won_pct: 50,
      profit_trades: 4,
      profit_trades_pct: 44.44,
      loss_trades: 5,
      loss_trades_pct: 55.56,
      largest_profit_trade: 184.6,
      largest_loss_trade: -264.07,
      average_profit_trade: 60.56,
      average_loss_trade: -58.382,
      max_consecutive_wins: 2,
      max_consecutive_wins_money: 196.51,
      max_consecutive_losses: 3,
      max_consecutive_losses_money: -291.18,
      maximal_consecutive_profit: 196.51,
      maximal_consecutive_profit_count: 2,
      maximal_consecutive_loss: -291.18,
      maximal_consecutive_loss_count: 3,
      average_consecutive_wins: 2,
      average_consecutive_losses: 3,
    });
    expectBalancesChain(r, 50.94);
  });
});
