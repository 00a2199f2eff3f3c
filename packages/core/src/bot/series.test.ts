import { describe, expect, it } from 'vitest';
import { defaultBotConfig } from './config.schema.js';
import { contractHint } from './contract-hint.js';
import { resolveBotSymbol, seriesSpans, withResolvedSymbol } from './series.js';
import { readStoredBotConfig } from './stored-config.js';

const sp = (iso: string): number => Date.parse(`${iso}-03:00`);

describe('série vigente', () => {
  it('is the default and resolves to the series of the day, rolling after each expiry', () => {
    const config = defaultBotConfig();
    expect(withResolvedSymbol(config, sp('2026-11-23T10:00')).general.symbol).toBe('WINZ26');
    expect(withResolvedSymbol(config, sp('2026-12-17T10:00')).general.symbol).toBe('WING27');
    expect(contractHint(config.general.symbol, sp('2026-12-17T10:00'))).toBe(null);
  });

  it('leaves a fixed symbol alone, as an older stored configuration has it', () => {
    expect(resolveBotSymbol('WINZ25', sp('2026-11-23T10:00'))).toBe('WINZ25');
    const old = readStoredBotConfig({ general: { symbol: 'WINZ25', timeframe: 'M5' } });
    expect(withResolvedSymbol(old, sp('2026-11-23T10:00')).general.symbol).toBe('WINZ25');
  });

  it("follows the terminal's own series when it offers exactly one other WIN series", () => {
    const now = sp('2026-11-23T10:00');
    expect(resolveBotSymbol('WIN$', now, ['WINZ25'])).toBe('WINZ25');
    expect(resolveBotSymbol('WIN$', now, ['WINZ26', 'WING27'])).toBe('WINZ26');
    expect(resolveBotSymbol('WIN$', now, ['WING27', 'WINJ27', 'PETR4'])).toBe('WINZ26');
    expect(resolveBotSymbol('WIN$', now, ['PETR4'])).toBe('WINZ26');
    expect(resolveBotSymbol('WINZ25', now, ['WINZ26'])).toBe('WINZ25');
  });

  it('splits a window into the series current on each of its days', () => {
    const spans = seriesSpans('WIN$', sp('2026-12-15T09:00'), sp('2027-02-19T12:00'));
    expect(spans.map((s) => s.symbol)).toEqual(['WINZ26', 'WING27', 'WINJ27']);
    expect(spans[0]?.to).toBe(sp('2026-12-17T00:00') - 1);
    expect(spans[1]?.from).toBe(sp('2026-12-17T00:00'));
    expect(spans[2]?.from).toBe(sp('2027-02-18T00:00'));
    expect(spans[2]?.to).toBe(sp('2027-02-19T12:00'));
    expect(seriesSpans('PETR4', 1, 2)).toEqual([{ symbol: 'PETR4', from: 1, to: 2 }]);
  });
});
