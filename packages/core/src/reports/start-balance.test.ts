import { describe, expect, it } from 'vitest';
import { balanceAt } from './start-balance.js';

describe('balanceAt', () => {
  it('infers the deposit from the balance reported now when no deposit was sent', () => {
    // 7867 now after a net of -2133 in all: 10000 was deposited; -500 of it before the instant.
    const history = { netBefore: -500, netTotal: -2_133, balanceOperations: 0 };
    expect(balanceAt(history, 7_867)).toBe(9_500);
    // At the end of the history it is the balance reported now.
    expect(balanceAt({ ...history, netBefore: -2_133 }, 7_867)).toBe(7_867);
  });

  it('sums the deals alone when the deposits are among them, or the balance is unknown', () => {
    expect(balanceAt({ netBefore: 10_200, netTotal: 9_900, balanceOperations: 1 }, 5)).toBe(10_200);
    expect(balanceAt({ netBefore: -40, netTotal: -90, balanceOperations: 0 }, null)).toBe(-40);
  });
});
