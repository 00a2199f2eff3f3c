import { describe, expect, it } from 'vitest';
import { bar, m5Bars, T0, trade } from '../price-chart.fixtures';
import {
  candlesOf,
  markersOf,
  positionsShown,
  pricePrecision,
  symbolOf,
  toChartTime,
} from './chart-data';

const HOUR = 3_600;

describe('toChartTime', () => {
  it('shifts UTC to São Paulo’s wall clock (UTC−3) so the axis reads local time', () => {
    expect(toChartTime(T0)).toBe(T0 - 3 * HOUR);
    expect(candlesOf([bar(T0, 100)])).toEqual([
      { time: T0 - 3 * HOUR, open: 100, high: 140, low: 70, close: 110 },
    ]);
  });
});

describe('symbolOf', () => {
  it('is the symbol of the position closed last, whatever the order given', () => {
    const trades = [
      trade(1, { open: T0, close: T0 + 60, symbol: 'WDOZ25' }),
      trade(2, { open: T0, close: T0 + 600, symbol: 'WINZ25' }),
    ];
    expect(symbolOf(trades)).toBe('WINZ25');
    expect(symbolOf([])).toBeUndefined();
  });
});

describe('markersOf', () => {
  it('puts entries (by side) and exits (by result) on the bar holding them, in time order', () => {
    const trades = [
      trade(1, { open: T0 + 1_250, close: T0 + 1_900, type: 'SELL', net: -12 }),
      trade(2, { open: T0 + 30, close: T0 + 610 }),
    ];
    expect(markersOf(trades, m5Bars, 'WINZ25', 'M5')).toEqual([
      { time: toChartTime(T0), price: 128_010, kind: 'buy', positionId: '2' },
      { time: toChartTime(T0 + 600), price: 128_050, kind: 'exitGain', positionId: '2' },
      { time: toChartTime(T0 + 1_200), price: 128_010, kind: 'sell', positionId: '1' },
      { time: toChartTime(T0 + 1_800), price: 128_050, kind: 'exitLoss', positionId: '1' },
    ]);
  });

  it('keeps only the symbol’s events inside the bars’ span (up to the last bar’s end)', () => {
    const trades = [
      trade(1, { open: T0 - 600, close: T0 + 100 }),
      trade(2, { open: T0 + 3_500, close: T0 + 3_700 }),
      trade(3, { open: T0 + 100, close: T0 + 200, symbol: 'WDOZ25' }),
    ];
    const markers = markersOf(trades, m5Bars, 'WINZ25', 'M5');
    expect(markers.map((m) => [m.positionId, m.kind])).toEqual([
      ['1', 'exitGain'],
      ['2', 'buy'],
    ]);
    expect(positionsShown(markers)).toBe(2);
    expect(markersOf(trades, [], 'WINZ25', 'M5')).toEqual([]);
  });
});

describe('pricePrecision', () => {
  it('is the most decimals the prices use, so WIN shows none and WDO one', () => {
    expect(pricePrecision(m5Bars)).toBe(0);
    expect(pricePrecision([{ ...bar(T0, 5_432.5), low: 5_430.25 }])).toBe(2);
    expect(pricePrecision([])).toBe(0);
  });
});
