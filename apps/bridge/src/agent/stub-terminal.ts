import type { Mt5Account, Mt5Deal } from '@vortex/core';
import type { Mt5Source, TerminalInfo } from './mt5-source.js';

/** For tests: a flat R$ 10.000 demo account with nothing at risk. */
export const STUB_ACCOUNT: Mt5Account = {
  balance: 10_000,
  equity: 10_000,
  margin: 0,
  free_margin: 10_000,
  margin_level: 0,
  profit: 0,
  currency: 'BRL',
};

/** For tests: deal `t` of a run that opens on odd tickets and closes on even ones for R$ 2. */
export function stubDeal(t: number): Mt5Deal {
  return {
    ticket: t,
    order: t,
    position_id: Math.ceil(t / 2),
    symbol: 'WINZ25',
    type: t % 2,
    entry: t % 2 === 1 ? 0 : 1,
    volume: 1,
    price: 125_000,
    profit: t % 2 === 0 ? 2 : 0,
    commission: -0.25,
    swap: 0,
    magic: 135_000,
    reason: 3,
    comment: '',
    time: 1_763_730_000 + t,
    time_msc: (1_763_730_000 + t) * 1000,
  };
}

/**
 * For tests: a terminal on that account, with no deals, positions, orders or bars and refusing
 * commands, unless `parts` says otherwise; each test replaces only what it drives.
 */
export function stubTerminal(
  info: Pick<TerminalInfo, 'account_number' | 'server'>,
  parts: Partial<Mt5Source> = {},
): Mt5Source {
  return {
    terminal: () => ({
      ...info,
      company: '',
      currency: 'BRL',
      margin_mode: 'netting',
      trade_mode: 'demo',
    }),
    poll: () => [],
    account: () => STUB_ACCOUNT,
    positions: () => [],
    orders: () => [],
    alive: () => true,
    execute: () => Promise.resolve({ ok: false, message: 'sem comandos neste teste' }),
    bars: () => [],
    ...parts,
  };
}
