import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseMt5Report } from './detect.js';
import {
  expectBalancesChain,
  expectCounts,
  fixture,
} from '../../../../test/fixtures/mt5/fixtures.js';
import { parseHistoryHtml } from './history-html.js';
import { ImportRefusal } from './messages.js';

const FTMO = 'ReportHistory-541223056-FTMO.html';

describe('Trade History HTML (real terminal files)', () => {
  it('FTMO 541223056 (UTF-16 LE): account, rows, summary and Results figure for figure', async () => {
    const r = await parseMt5Report(fixture(FTMO));
    expect(r.kind).toBe('history');
    expect(r.account).toEqual({
      login: '541223056',
      name: '$200k FTMO Challenge 2-Step',
      server: 'FTMO-Server4',
      currency: 'USD',
      company: 'FTMO Global Markets Ltd',
      mode: 'real',
      margin_mode: 'hedging',
    });
    expect(r.generated_at_text).toBe('2026.06.02 00:09');
    expectCounts(r, { positions: 197, orders: 531, deals: 401, open: 1, balanceRows: 1 });
    expect(r.working_orders).toBe(1);
    expect(r.summary).toEqual({
      balance: 202105.51,
      credit_facility: 0,
      floating_pl: -152.7,
      equity: 201952.81,
      free_margin: 199419.48,
      margin: 2686.03,
      margin_level_pct: 7518.64,
    });
    expect(r.results).toEqual({
      total_net_profit: 2105.51,
      gross_profit: 40808.89,
      gross_loss: -38703.38,
      profit_factor: 1.05,
      expected_payoff: 10.42,
      recovery_factor: 0.13,
      sharpe_ratio: 0.02,
      balance_drawdown_absolute: 3412.22,
      balance_drawdown_maximal: 16518.16,
      balance_drawdown_maximal_pct: 7.62,
      balance_drawdown_relative_pct: 7.62,
      balance_drawdown_relative: 16518.16,
      total_trades: 202,
      short_trades: 118,
      short_trades_won_pct: 48.31,
      long_trades: 84,
      long_trades_won_pct: 57.14,
      profit_trades: 105,
      profit_trades_pct: 51.98,
      loss_trades: 97,
      loss_trades_pct: 48.02,
      largest_profit_trade: 2351.38,
      largest_loss_trade: -3485.68,
      average_profit_trade: 388.66,
      average_loss_trade: -399.0,
      max_consecutive_wins: 9,
      max_consecutive_wins_money: 4062.95,
      max_consecutive_losses: 9,
      max_consecutive_losses_money: -2746.58,
      maximal_consecutive_profit: 6000.14,
      maximal_consecutive_profit_count: 5,
      maximal_consecutive_loss: -7100.93,
      maximal_consecutive_loss_count: 5,
      average_consecutive_wins: 3,
      average_consecutive_losses: 3,
    });
    expect(r.unknown_results).toEqual([]);
    expectBalancesChain(r, 202105.51);
  });

  it('reads the rows as written: deals, orders, positions, open positions', async () => {
    const r = await parseMt5Report(fixture(FTMO));
    expect(r.deals[0]).toMatchObject({
      ticket: '112226438',
      type: 'balance',
      direction: null,
      symbol: null,
      profit: 200000,
      balance: 200000,
      comment: 'Initial account balance',
    });
    expect(r.deals[1]).toEqual({
      ticket: '112454631',
      time_text: '2026.04.02 11:28:38',
      time: Date.UTC(2026, 3, 2, 11, 28, 38),
      symbol: 'BTCUSD',
      type: 'sell',
      direction: 'in',
      volume: 1,
      price: 66593.96,
      order: '120600729',
      commission: -21.64,
      fee: 0,
      swap: 0,
      profit: 0,
      balance: 199978.36,
      comment: '',
    });
    expect(r.orders[0]).toMatchObject({
      ticket: '120356094',
      type: 'sell limit',
      volume_requested: 0.3,
      volume_filled: 0,
      price: 4885.27,
      market: false,
      sl: 5100,
      tp: 4782.51,
      done_time_text: '2026.04.02 09:10:57',
      state: 'canceled',
    });
    expect(r.orders[2]).toMatchObject({ price: null, market: true, state: 'filled', sl: null });
    expect(r.open_positions[0]).toMatchObject({
      id: '137500462',
      symbol: 'XAUUSD',
      type: 'buy',
      volume: 0.3,
      open_price: 4476.71,
      sl: 4414.25,
      tp: null,
      market_price: 4471.62,
      profit: -152.7,
    });
    expect(r.positions[0]).toMatchObject({ id: '120600729', symbol: 'BTCUSD', type: 'sell' });
    expect(new Set(r.positions.map((p) => p.id)).size).toBe(197);
  });

  it('MetaQuotes-Demo 70358000 (EN, ASCII)', async () => {
    const r = await parseMt5Report(fixture('ReportHistory-70358000-MetaQuotesDemo-EN.html'));
    expectCounts(r, { positions: 658, orders: 1401, deals: 1402, open: 85, balanceRows: 1 });
    expect(r.account).toMatchObject({ login: '70358000', currency: 'EUR', mode: 'demo' });
    expect(r.results).toMatchObject({
      total_net_profit: -50.84,
      gross_profit: 157.73,
      gross_loss: -208.57,
      profit_factor: 0.76,
      expected_payoff: -0.08,
      recovery_factor: -0.87,
      sharpe_ratio: -0.06,
      balance_drawdown_absolute: 50.84,
      balance_drawdown_maximal: 58.44,
      balance_drawdown_maximal_pct: 0.58,
      balance_drawdown_relative_pct: 0.58,
      balance_drawdown_relative: 58.44,
      total_trades: 658,
      short_trades: 309,
      short_trades_won_pct: 54.37,
      long_trades: 349,
      long_trades_won_pct: 57.88,
      profit_trades: 370,
      profit_trades_pct: 56.23,
      loss_trades: 288,
      loss_trades_pct: 43.77,
      largest_profit_trade: 9.67,
      largest_loss_trade: -9.36,
      average_profit_trade: 0.43,
      average_loss_trade: -0.72,
      max_consecutive_wins: 9,
      max_consecutive_wins_money: 3.58,
      max_consecutive_losses: 7,
      max_consecutive_losses_money: -6.69,
      maximal_consecutive_profit: 10.07,
      maximal_consecutive_profit_count: 2,
      maximal_consecutive_loss: -23.27,
      maximal_consecutive_loss_count: 4,
      average_consecutive_wins: 2,
      average_consecutive_losses: 2,
    });
    expect(Object.keys(r.results)).toHaveLength(35);
    expect(r.summary.balance).toBe(9949.16);
    expectBalancesChain(r, 9949.16);
  });

  it('Bulgarian 5014131788: sections and Results read by structure, not words', async () => {
    const r = await parseHistoryHtml(
      (await import('node:fs')).createReadStream(
        fixture('ReportHistory-5014131788-MetaQuotesDemo-BG.html'),
      ),
    );
    expect(r.title).toBe('Отчет за историята на търговията');
    expectCounts(r, { positions: 18, orders: 37, deals: 38, open: 1, balanceRows: 1 });
    expect(r.account).toMatchObject({ login: '5014131788', name: 'Miroslav Popov', mode: 'demo' });
    expect(r.positions[0]).toMatchObject({ id: '50485254452', magic: '85144267', profit: 0.2 });
    // unknown labels: the 25 lines fall on their keys by their fixed order
    expect(r.results).toMatchObject({
      total_net_profit: -3.3,
      gross_profit: 4.5,
      gross_loss: -7.8,
      profit_factor: 0.58,
      balance_drawdown_maximal: 5,
      balance_drawdown_maximal_pct: 0,
      total_trades: 18,
      short_trades: 8,
      short_trades_won_pct: 25,
      long_trades: 10,
      loss_trades: 13,
      loss_trades_pct: 72.22,
      maximal_consecutive_loss: -5,
      maximal_consecutive_loss_count: 4,
      average_consecutive_losses: 3,
    });
    expect(r.unknown_results).toEqual([]);
    expect(r.summary).toMatchObject({ balance: 99996.7, equity: 99997.1 });
    expectBalancesChain(r, 99996.7);
  });

  it('UTF-16 LE, UTF-16 BE, UTF-8 with and without BOM of the same report parse the same', async () => {
    const original = await readFile(fixture(FTMO));
    const text = new TextDecoder('utf-16le').decode(original);
    const variants = [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
      Buffer.from(text, 'utf8'),
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
    ];
    const expected = await parseMt5Report(original);
    for (const bytes of variants) expect(await parseMt5Report(bytes)).toEqual(expected);
  });

  it('reports progress in bytes as it reads', async () => {
    const seen: number[] = [];
    await parseMt5Report(fixture(FTMO), { onProgress: (b) => seen.push(b) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(850956);
  });

  it('refuses a tester report where a history is expected', async () => {
    const fs = await import('node:fs');
    await expect(
      parseHistoryHtml(fs.createReadStream(fixture('ReportTester-ExnessK1.html'))),
    ).rejects.toThrow(ImportRefusal);
  });
});
