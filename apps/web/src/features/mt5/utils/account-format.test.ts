import { describe, expect, it } from 'vitest';
import { formatMarginLevel, formatMoney, formatUpdatedAt } from './account-format';

const NBSP = '\u00a0';

describe('account values (trading.md §1: reais, pt-BR)', () => {
  it('formats reais, other currencies as pt-BR writes them (issue 26), and a dash for a missing value', () => {
    expect(formatMoney(10523.4, 'BRL')).toBe(`R$${NBSP}10.523,40`);
    expect(formatMoney(-12.5, 'BRL')).toBe(`-R$${NBSP}12,50`);
    expect(formatMoney(99.9, 'USD')).toBe(`US$${NBSP}99,90`);
    expect(formatMoney(5, 'USDT')).toBe(`5,00${NBSP}USDT`);
    expect(formatMoney(null, 'BRL')).toBe('—');
  });

  it('shows the margin level in percent, and a dash when there is no margin in use', () => {
    expect(formatMarginLevel(1523.456)).toBe('1.523,46%');
    expect(formatMarginLevel(0)).toBe('—');
    expect(formatMarginLevel(null)).toBe('—');
  });

  it('shows the update time in São Paulo', () => {
    expect(formatUpdatedAt('2025-03-10T13:05:09.000Z')).toBe('10/03/2025 10:05:09');
    expect(formatUpdatedAt(null)).toBe('—');
  });
});
