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

  it('sums the deals alone when they hold the deposits and agree with the balance, or it is unknown', () => {
    expect(balanceAt({ netBefore: 10_200, netTotal: 9_900, balanceOperations: 1 }, 9_900)).toBe(
      10_200,
    );
    expect(balanceAt({ netBefore: -40, netTotal: -90, balanceOperations: 0 }, null)).toBe(-40);
    expect(balanceAt({ netBefore: 300, netTotal: 1_000, balanceOperations: 2 }, null)).toBe(300);
  });

  it('anchors on the reported balance when the history begins after the first deposit (issue 26)', () => {
    // HFM's report: its deals hold a later withdrawal but not the deposit before the history;
    // they sum to 0,33 while the account ends at 50,94, so 50,61 was there before them.
    const history = { netBefore: 0.33, netTotal: 0.33, balanceOperations: 1 };
    expect(balanceAt(history, 50.94)).toBeCloseTo(50.94, 10);
    expect(balanceAt({ ...history, netBefore: 0 }, 50.94)).toBeCloseTo(50.61, 10);
    // Float noise where deals and balance agree is no deposit.
    expect(
      balanceAt({ netBefore: 0.1 + 0.2, netTotal: 0.1 + 0.2, balanceOperations: 1 }, 0.3),
    ).toBe(0.1 + 0.2);
  });
});
