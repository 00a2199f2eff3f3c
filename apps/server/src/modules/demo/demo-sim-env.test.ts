import { describe, expect, it } from 'vitest';
import { demoSimEnv } from './demo-bridge.js';

describe('the demo agent’s simulator settings', () => {
  it('hands over exactly the SIM_* variables that were set', () => {
    expect(demoSimEnv({})).toEqual({});
    expect(
      demoSimEnv({
        speed: '60',
        historyDays: undefined,
        marginMode: 'hedging',
        currency: 'USD',
        dealFee: '0.1',
        balanceOps: '20:5000,40:-3000',
      }),
    ).toEqual({
      SIM_SPEED: '60',
      SIM_MARGIN_MODE: 'hedging',
      SIM_CURRENCY: 'USD',
      SIM_DEAL_FEE: '0.1',
      SIM_BALANCE_OPS: '20:5000,40:-3000',
    });
  });
});
