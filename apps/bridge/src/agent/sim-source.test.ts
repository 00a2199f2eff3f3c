import { currentWinSymbol } from '@vortex/core';
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
