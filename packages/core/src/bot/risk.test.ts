import { describe, expect, it } from 'vitest';
import { nextPeakEquity, riskBreach, riskBreachMessage, type RiskReading } from './risk.js';

const calm: RiskReading = { closedToday: 0, openResult: 0, equity: 10_000, peakEquity: 10_000 };
const limits = { daily_loss_limit: 500, max_drawdown: 800 };

describe('risk limits', () => {
  it('reaches the daily loss limit on closed plus open result, at the limit and not a centavo before', () => {
    expect(riskBreach({ ...calm, closedToday: -300, openResult: -199.99 }, limits)).toBe(null);
    expect(riskBreach({ ...calm, closedToday: -300, openResult: -200 }, limits)).toEqual({
      kind: 'daily_loss',
      loss: 500,
      limit: 500,
    });
    // An open gain offsets closed losses: the day is what the trader would have if flat now.
    expect(riskBreach({ ...calm, closedToday: -900, openResult: 450 }, limits)).toBe(null);
    // Floating-point noise does not trip a limit the money has not reached.
    expect(riskBreach({ ...calm, closedToday: -0.1 - 0.2, openResult: -499.7 }, limits)).toEqual(
      expect.objectContaining({ kind: 'daily_loss', loss: 500 }),
    );
  });

  it('reaches the drawdown limit from the peak since start, not from the start', () => {
    const reading = { ...calm, equity: 10_400, peakEquity: 11_200 };
    expect(riskBreach(reading, limits)).toEqual({
      kind: 'max_drawdown',
      drawdown: 800,
      limit: 800,
      peak: 11_200,
      equity: 10_400,
    });
    expect(riskBreach({ ...reading, equity: 10_400.01 }, limits)).toBe(null);
    expect(riskBreach({ ...reading, equity: null }, limits)).toBe(null);
  });

  it('treats a limit of 0 as off, and checks the daily loss first', () => {
    const both = { closedToday: -5_000, openResult: 0, equity: 5_000, peakEquity: 10_000 };
    expect(riskBreach(both, { daily_loss_limit: 0, max_drawdown: 0 })).toBe(null);
    expect(riskBreach(both, limits)?.kind).toBe('daily_loss');
    expect(riskBreach(both, { ...limits, daily_loss_limit: 0 })?.kind).toBe('max_drawdown');
  });

  it('keeps the highest equity seen', () => {
    expect(nextPeakEquity(null, null)).toBe(null);
    expect(nextPeakEquity(null, 10_000)).toBe(10_000);
    expect(nextPeakEquity(10_000, 9_000)).toBe(10_000);
    expect(nextPeakEquity(10_000, 10_500)).toBe(10_500);
    expect(nextPeakEquity(10_500, null)).toBe(10_500);
  });

  it('says which limit stopped the bot, in reais', () => {
    expect(riskBreachMessage({ kind: 'daily_loss', loss: 512.5, limit: 500 })).toBe(
      'Limite de perda diária atingido: perda de R$\u00a0512,50 (limite R$\u00a0500,00). ' +
        'O bot fechou as posições que abriu e foi parado.',
    );
    expect(
      riskBreachMessage({
        kind: 'max_drawdown',
        drawdown: 1_000,
        limit: 800,
        peak: 11_000,
        equity: 10_000,
      }),
    ).toMatch(
      /^Rebaixamento máximo atingido: R\$\u00a01\.000,00 abaixo do pico de R\$\u00a011\.000,00/,
    );
  });
});
