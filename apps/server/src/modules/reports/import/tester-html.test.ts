import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMt5Report } from './detect.js';
import { expectBalancesChain, fixture } from '../../../../test/fixtures/mt5/fixtures.js';
import { parseTesterHtml } from './tester-html.js';

describe('Strategy Tester HTML (real terminal files)', () => {
  it('Exness K1 (EN, UTF-16): settings, rows and the whole Results block', async () => {
    const r = await parseTesterHtml(createReadStream(fixture('ReportTester-ExnessK1.html')));
    expect(r.kind).toBe('tester');
    expect(r.account).toMatchObject({
      login: null,
      server: 'Exness-MT5Trial',
      company: 'Exness Technologies Ltd',
      currency: 'profit in pips',
    });
    expect(r.tester).toMatchObject({
      expert: 'VR---ZVER v.2',
      symbol: 'GBPUSD',
      period: 'M15 (2020.01.04 - 2024.01.06)',
      leverage: '1:100',
      build: 4885,
    });
    expect(r.tester?.inputs.slice(0, 3)).toEqual([
      '_0_=Main Settings',
      'InpLots=0.1',
      'InpStopLoss=50',
    ]);
    expect(r.positions).toHaveLength(0);
    expect(r.orders).toHaveLength(330);
    expect(r.deals).toHaveLength(281);
    expect(r.deals.filter((d) => d.type !== 'balance')).toHaveLength(280);
    expect(r.deals[1]).toMatchObject({ fee: null, direction: 'in', volume: 0.1, price: 1.31463 });
    expect(r.orders[1]).toMatchObject({ volume_requested: 0.1, comment: 'sl 1.31795' });
    expect(r.results).toEqual({
      initial_deposit: 3000,
      history_quality_pct: 0,
      bars: 58740,
      ticks: 62457166,
      symbols: 1,
      total_net_profit: -3031.7,
      gross_profit: 3180.6,
      gross_loss: -6212.3,
      profit_factor: 0.51,
      expected_payoff: -21.65,
      recovery_factor: -0.64,
      sharpe_ratio: -1.84,
      z_score: 4.44,
      z_score_pct: 99.74,
      ahpr: 0.996,
      ahpr_pct: -0.4,
      ghpr: 0.9444,
      ghpr_pct: -5.56,
      lr_correlation: 0.75,
      lr_standard_error: 400.63,
      ontester_result: 0,
      margin_level_pct: 2.33,
      balance_drawdown_absolute: 3031.7,
      balance_drawdown_maximal: 4753.3,
      balance_drawdown_maximal_pct: 100.67,
      balance_drawdown_relative_pct: 100.67,
      balance_drawdown_relative: 4753.3,
      equity_drawdown_absolute: 3031.7,
      equity_drawdown_maximal: 4756.6,
      equity_drawdown_maximal_pct: 100.67,
      equity_drawdown_relative_pct: 100.67,
      equity_drawdown_relative: 4756.6,
      total_trades: 140,
      total_deals: 280,
      short_trades: 72,
      short_trades_won_pct: 56.94,
      long_trades: 68,
      long_trades_won_pct: 67.65,
      profit_trades: 87,
      profit_trades_pct: 62.14,
      loss_trades: 53,
      loss_trades_pct: 37.86,
      largest_profit_trade: 70.6,
      largest_loss_trade: -4719.9,
      average_profit_trade: 36.56,
      average_loss_trade: -117.21,
      max_consecutive_wins: 7,
      max_consecutive_wins_money: 149,
      max_consecutive_losses: 2,
      max_consecutive_losses_money: -4753.3,
      maximal_consecutive_profit: 149,
      maximal_consecutive_profit_count: 7,
      maximal_consecutive_loss: -4753.3,
      maximal_consecutive_loss_count: 2,
      average_consecutive_wins: 2,
      average_consecutive_losses: 1,
      correlation_profits_mfe: 0.11,
      correlation_profits_mae: 0.89,
      correlation_mfe_mae: -0.0608,
      min_position_holding_seconds: 50,
      max_position_holding_seconds: 2041 * 3600 + 31,
      avg_position_holding_seconds: 42 * 3600 + 58 * 60 + 49,
    });
    expect(r.unknown_results).toEqual([]);
    // the closing balance is the deposit plus the net profit
    expectBalancesChain(r, -31.7);
  });

  it('Exness K2 (XAUUSD M1, 1.7 MB)', async () => {
    const r = await parseMt5Report(fixture('ReportTester-ExnessK2.html'));
    expect(r.kind).toBe('tester');
    expect(r.orders).toHaveLength(1801);
    expect(r.deals).toHaveLength(1695);
    expect(r.results).toMatchObject({
      total_net_profit: -3004.97,
      gross_profit: 3901.57,
      gross_loss: -6906.54,
      profit_factor: 0.56,
      expected_payoff: -3.55,
      recovery_factor: -0.57,
      sharpe_ratio: -3.39,
      balance_drawdown_maximal: 5315.44,
      balance_drawdown_maximal_pct: 100.09,
      total_trades: 847,
      total_deals: 1694,
      short_trades: 455,
      short_trades_won_pct: 48.79,
      long_trades: 392,
      long_trades_won_pct: 42.35,
      profit_trades: 388,
      profit_trades_pct: 45.81,
      loss_trades: 459,
      loss_trades_pct: 54.19,
    });
    expectBalancesChain(r, -4.97);
  });

  it('Rico-Demo WIN$N (pt-BR, UTF-8 re-saved): the pt-BR labels fall on the same keys', async () => {
    const r = await parseMt5Report(fixture('ReportTester-RicoDemo-WIN-ptBR.html'));
    expect(r.kind).toBe('tester');
    expect(r.title).toBe('Relatório do Testador de Estratégia');
    expect(r.account).toMatchObject({
      server: 'Rico-Demo',
      currency: 'BRL',
      company: 'Rico (XP Investimentos CCTVM)',
    });
    expect(r.tester).toMatchObject({ expert: 'volume_candles_20', symbol: 'WIN$N', build: 2190 });
    expect(r.orders).toHaveLength(37);
    expect(r.deals).toHaveLength(38);
    expect(r.deals[1]?.comment).not.toBe('');
    expect(r.results).toEqual({
      initial_deposit: 10000,
      history_quality_pct: 95,
      bars: 102812,
      ticks: 236135667,
      symbols: 1,
      total_net_profit: 202,
      gross_profit: 394,
      gross_loss: -192,
      profit_factor: 2.05,
      expected_payoff: 7.77,
      recovery_factor: 1.6,
      sharpe_ratio: 0.29,
      z_score: 1.25,
      z_score_pct: 78.87,
      ahpr: 1.0008,
      ahpr_pct: 0.08,
      ghpr: 1.0008,
      ghpr_pct: 0.08,
      lr_correlation: 0.91,
      lr_standard_error: 29.17,
      ontester_result: 0,
      balance_drawdown_absolute: 5,
      balance_drawdown_maximal: 69,
      balance_drawdown_maximal_pct: 0.68,
      balance_drawdown_relative_pct: 0.68,
      balance_drawdown_relative: 69,
      equity_drawdown_absolute: 23,
      equity_drawdown_maximal: 126,
      equity_drawdown_maximal_pct: 1.23,
      equity_drawdown_relative_pct: 1.23,
      equity_drawdown_relative: 126,
      total_trades: 26,
      total_deals: 37,
      short_trades: 16,
      short_trades_won_pct: 93.75,
      long_trades: 10,
      long_trades_won_pct: 80,
      profit_trades: 23,
      profit_trades_pct: 88.46,
      loss_trades: 3,
      loss_trades_pct: 11.54,
      largest_profit_trade: 31,
      largest_loss_trade: -69,
      average_profit_trade: 17.13,
      average_loss_trade: -64,
      max_consecutive_wins: 9,
      max_consecutive_wins_money: 188,
      max_consecutive_losses: 1,
      max_consecutive_losses_money: -69,
      maximal_consecutive_profit: 188,
      maximal_consecutive_profit_count: 9,
      maximal_consecutive_loss: -69,
      maximal_consecutive_loss_count: 1,
      average_consecutive_wins: 6,
      average_consecutive_losses: 1,
      correlation_profits_mfe: 0.97,
      correlation_profits_mae: 0.84,
      correlation_mfe_mae: 0.8281,
      min_position_holding_seconds: 5,
      max_position_holding_seconds: 193,
      avg_position_holding_seconds: 88,
    });
    expect(r.unknown_results).toEqual([]);
    expectBalancesChain(r, 10202);
  });
});
