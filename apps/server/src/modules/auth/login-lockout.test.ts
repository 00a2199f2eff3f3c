import { describe, expect, it } from 'vitest';
import { accountDelayS, LOCKOUT, mayTry, type LoginCounts } from './login-lockout.js';

const quiet: LoginCounts = { pair: 0, address: 0, account: 0, sinceLastS: null, known: false };

describe('login lockout policy', () => {
  it('doubles the account-wide wait from 30 s at 20 failures up to 15 minutes', () => {
    expect([19, 20, 21, 22, 23, 24, 25, 26, 5000].map(accountDelayS)).toEqual([
      0, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('locks a pair at 5 failures, known address or not', () => {
    expect(mayTry({ ...quiet, pair: 4 })).toBe(true);
    expect(mayTry({ ...quiet, pair: LOCKOUT.pairMax })).toBe(false);
    expect(mayTry({ ...quiet, pair: LOCKOUT.pairMax, known: true })).toBe(false);
  });

  it('lets a known address past the address and account ceilings, and no other', () => {
    const busy = { ...quiet, address: 20, account: 40, sinceLastS: 1 };
    expect(mayTry(busy)).toBe(false);
    expect(mayTry({ ...busy, known: true })).toBe(true);
    expect(mayTry({ ...busy, address: 19 })).toBe(false);
  });

  it('lets a new address try once the wait since the latest failure has passed', () => {
    const ceiling = { ...quiet, account: 21 };
    expect(mayTry({ ...ceiling, sinceLastS: 59.9 })).toBe(false);
    expect(mayTry({ ...ceiling, sinceLastS: 60 })).toBe(true);
    expect(mayTry({ ...quiet, account: 19, sinceLastS: 0 })).toBe(true);
  });
});
