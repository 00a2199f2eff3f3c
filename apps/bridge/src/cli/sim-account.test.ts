import { describe, expect, it } from 'vitest';
import { parseSimAccount, simAccountMessages } from './sim-account.js';

describe('the simulated account from SIM_* variables', () => {
  it('is the usual account when none is set (or all are empty)', () => {
    expect(parseSimAccount({}, 90)).toBeUndefined();
    expect(parseSimAccount({ SIM_CURRENCY: ' ', SIM_BALANCE_OPS: '' }, 90)).toBeUndefined();
  });

  it('reads a hedging USD account with fees, deposits and a withdrawal', () => {
    const env = {
      SIM_MARGIN_MODE: 'hedging',
      SIM_CURRENCY: 'USD',
      SIM_DEAL_FEE: '0.1',
      SIM_BALANCE_OPS: '20:5000, 40:-3000.50',
    };
    expect(parseSimAccount(env, 90)).toEqual({
      marginMode: 'hedging',
      currency: 'USD',
      feePerContract: 0.1,
      operations: [
        { day: 20, amount: 5_000 },
        { day: 40, amount: -3_000.5 },
      ],
    });
    expect(parseSimAccount({ SIM_MARGIN_MODE: 'netting' }, 90)).toEqual({ marginMode: 'netting' });
  });

  it('names every bad variable in one error', () => {
    const env = {
      SIM_MARGIN_MODE: 'exchange',
      SIM_CURRENCY: 'usd',
      SIM_DEAL_FEE: '-1',
      SIM_BALANCE_OPS: '95:100',
    };
    expect(() => parseSimAccount(env, 90)).toThrow(
      [
        simAccountMessages.marginMode('exchange'),
        simAccountMessages.currency('usd'),
        simAccountMessages.fee('-1'),
        simAccountMessages.operation('95:100', 90),
      ].join('\n'),
    );
    for (const ops of ['10', '10:0', 'a:5', '10:5,', '10:1e3', '10:1.234']) {
      expect(() => parseSimAccount({ SIM_BALANCE_OPS: ops }, 90)).toThrow('SIM_BALANCE_OPS');
    }
  });
});
