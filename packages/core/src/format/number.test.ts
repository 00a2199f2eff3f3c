import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatBRL,
  formatMoney,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatProfitFactor,
  priceDecimals,
} from './number.js';

const NBSP = '\u00a0';

describe('pt-BR number formatting', () => {
  it('formats reais with R$, dot grouping and decimal comma', () => {
    expect(formatBRL(1234.5)).toBe(`R$${NBSP}1.234,50`);
    expect(formatBRL(-1234567.891)).toBe(`-R$${NBSP}1.234.567,89`);
  });

  it('never shows a minus sign on an amount that rounds to zero', () => {
    expect(formatBRL(-0.001)).toBe(`R$${NBSP}0,00`);
    expect(formatDecimal(-0)).toBe('0,00');
  });

  it('formats plain numbers with the requested decimals', () => {
    expect(formatDecimal(1234.5678)).toBe('1.234,57');
    expect(formatDecimal(1234.5678, 0)).toBe('1.235');
    expect(formatDecimal(0.5, 3)).toBe('0,500');
  });

  it('formats percent units (not fractions)', () => {
    expect(formatPercent(55.5)).toBe('55,50%');
    expect(formatPercent(100, 0)).toBe('100%');
    expect(formatPercent(-3.25, 1)).toBe('-3,3%');
  });

  it('price decimals: 5 below 1, 4 below 10, else 2 (by absolute value)', () => {
    expect(priceDecimals(0.99999)).toBe(5);
    expect(priceDecimals(-0.5)).toBe(5);
    expect(priceDecimals(1)).toBe(4);
    expect(priceDecimals(9.99)).toBe(4);
    expect(priceDecimals(-9.5)).toBe(4);
    expect(priceDecimals(10)).toBe(2);
    expect(formatPrice(1.08534)).toBe('1,0853');
    expect(formatPrice(0.654321)).toBe('0,65432');
    expect(formatPrice(125430)).toBe('125.430,00');
  });

  it('shows an infinite profit factor as ∞', () => {
    expect(formatProfitFactor(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatProfitFactor(1.5)).toBe('1,50');
    expect(formatProfitFactor(0)).toBe('0,00');
  });

  it('writes each account currency as pt-BR does, and a code Intl lacks after the number', () => {
    expect(formatMoney(-1234.5, 'BRL')).toBe(formatBRL(-1234.5));
    expect(formatMoney(99524.23, 'USD')).toBe(`US$${NBSP}99.524,23`);
    expect(formatMoney(-728.44, 'usd')).toBe(`-US$${NBSP}728,44`);
    expect(formatMoney(10, 'EUR')).toBe(`€${NBSP}10,00`);
    expect(formatMoney(1234.5, 'USDT')).toBe(`1.234,50${NBSP}USDT`);
    expect(formatMoney(-0.001, 'USD')).toBe(`US$${NBSP}0,00`);
    expect(currencySymbol('USD')).toBe('US$');
    expect(currencySymbol('BRL')).toBe('R$');
    expect(currencySymbol('USDT')).toBe('USDT');
  });
});
