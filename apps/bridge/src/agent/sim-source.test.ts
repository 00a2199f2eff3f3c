import { AgentHelloSchema, currentWinSymbol, resolveInstrument } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { createSimSource } from './sim-source.js';

describe('the sim adapter', () => {
  it('names the one series it offers, the current one by B3’s calendar at its start', () => {
    // The day after WINZ26's expiry (Wednesday 2026-12-16): the simulator trades WING27.
    const at = Date.parse('2026-12-17T13:00:00Z');
    const source = createSimSource({ seed: 'series', historyDays: 1, speed: 1, now: () => at });
    expect(source.terminal().symbols).toEqual(['WING27']);
    expect(currentWinSymbol(at)).toBe('WING27');
  });

  it("states WIN's contract in its hello, as a B3 terminal does: R$ 1 a tick of 5 points", () => {
    const at = Date.parse('2026-12-17T13:00:00Z');
    const terminal = createSimSource({
      seed: 'spec',
      historyDays: 1,
      speed: 1,
      now: () => at,
    }).terminal();
    expect(terminal.symbol_specs).toEqual([
      {
        symbol: 'WING27',
        tick_size: 5,
        tick_value: 1,
        contract_size: 1,
        volume_min: 1,
        volume_step: 1,
        currency_profit: 'BRL',
        digits: 0,
      },
    ]);
    // What the agent sends the server, and the R$ 0.20 a point the bot and backtest read from it.
    const hello = AgentHelloSchema.parse({ type: 'hello', ...terminal, client_version: '0.1.0' });
    const win = resolveInstrument('WING27', hello.symbol_specs?.[0]);
    expect(win.ok && win.instrument).toMatchObject({
      tick: 5,
      pointValue: 0.2,
      source: 'terminal',
    });
  });
});

describe('the sim adapter on another kind of account', () => {
  const at = Date.parse('2025-11-19T17:00:00Z');
  const open = (account?: Parameters<typeof createSimSource>[0]['account']) =>
    createSimSource({ seed: 'kinds', historyDays: 4, speed: 1, now: () => at, account });

  it('says hedging and USD in its hello and account, and is another account number', () => {
    const plain = open();
    const hedging = open({ marginMode: 'hedging', currency: 'USD', operations: [] });
    expect(plain.terminal()).toMatchObject({ margin_mode: 'netting', currency: 'BRL' });
    expect(hedging.terminal()).toMatchObject({ margin_mode: 'hedging', currency: 'USD' });
    expect(hedging.account().currency).toBe('USD');
    expect(hedging.terminal().account_number).not.toBe(plain.terminal().account_number);
    expect(open().terminal().account_number).toBe(plain.terminal().account_number);
  });

  it('streams its balance operations with the trades, in ticket order', () => {
    const source = open({
      operations: [
        { day: 1, amount: 2_500 },
        { day: 2, amount: -1_000 },
      ],
    });
    const deals = source.poll(0);
    expect(deals.map((d) => d.ticket)).toEqual(deals.map((_, i) => i + 1));
    expect(deals.filter((d) => d.type === 2).map((d) => [d.symbol, d.profit])).toEqual([
      ['', 10_000],
      ['', 2_500],
      ['', -1_000],
    ]);
    expect(source.poll(deals.at(-1)?.ticket ?? 0)).toEqual([]);
  });
});
