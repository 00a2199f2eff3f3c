import { describe, expect, it } from 'vitest';
import type { Bar } from '../bridge/mt5-records.schema.js';
import { ticksToM1 } from './bars.js';
import { simulatedM1Bars } from './minute-bars.js';
import { PriceProcess } from './price-process.js';
import { SessionCalendar } from './session.js';
import type { Tick } from './tick.js';

const sp = (iso: string): number => Date.parse(`${iso}-03:00`);
const calendar = new SessionCalendar();
const MARCH = { from: sp('2025-03-01T00:00:00'), to: sp('2025-04-01T00:00:00') };
const march = simulatedM1Bars({ seed: 42, ...MARCH });

function tickPathBars(seed: number): Bar[] {
  const prices = new PriceProcess(seed, MARCH.from, calendar);
  const ticks: Tick[] = [];
  for (let tick = prices.next(); tick.time_msc < MARCH.to; tick = prices.next()) ticks.push(tick);
  return ticksToM1(ticks);
}

function summary(bars: readonly Bar[]) {
  const mean = (f: (b: Bar, i: number) => number) =>
    bars.reduce((sum, b, i) => sum + f(b, i), 0) / bars.length;
  const previous = (i: number) => bars[i - 1]?.close ?? bars[0]?.open ?? 1;
  return {
    range: mean((b) => b.high - b.low),
    ticks: mean((b) => b.tick_volume),
    contracts: mean((b) => b.volume),
    returnSd: Math.sqrt(mean((b, i) => Math.log(b.close / previous(i)) ** 2)),
  };
}

describe('simulatedM1Bars', () => {
  it('gives the same bars for the same seed and range, others for another seed', () => {
    expect(simulatedM1Bars({ seed: 42, ...MARCH })).toEqual(march);
    const other = simulatedM1Bars({ seed: 43, ...MARCH });
    expect(other.map((b) => b.close)).not.toEqual(march.map((b) => b.close));
  });

  it('does not depend on where the range ends', () => {
    const firstWeek = simulatedM1Bars({
      seed: 42,
      from: MARCH.from,
      to: sp('2025-03-08T00:00:00'),
    });
    // March 3 and 4 are Carnaval: the first week trades Wednesday to Friday.
    expect(firstWeek).toHaveLength(3 * 565);
    expect(march.slice(0, firstWeek.length)).toEqual(firstWeek);
  });

  it('has a bar for each session minute of B3 hours only, in time order', () => {
    expect(march.every((b) => calendar.isOpen(b.time * 1000))).toBe(true);
    expect(march.every((b, i) => i === 0 || b.time > (march[i - 1]?.time ?? 0))).toBe(true);
    expect(march.every((b) => b.time % 60 === 0)).toBe(true);
    // 21 weekdays in March 2025 less Carnaval (3rd and 4th), 09:00–18:25.
    expect(march).toHaveLength(19 * 565);
    expect(march[0]?.time).toBe(sp('2025-03-05T09:00:00') / 1000);
  });

  it('keeps OHLC consistent, prices on the 5-point tick and volumes whole', () => {
    const bad = march.filter(
      (b) =>
        b.low > Math.min(b.open, b.close) ||
        b.high < Math.max(b.open, b.close) ||
        [b.open, b.high, b.low, b.close].some((p) => p % 5 !== 0) ||
        !Number.isInteger(b.volume) ||
        b.volume < b.tick_volume ||
        b.tick_volume < 1,
    );
    expect(bad).toEqual([]);
  });

  it('starts from the first minute not before `from`', () => {
    const bars = simulatedM1Bars({
      seed: 1,
      from: sp('2025-03-10T12:30:20'),
      to: sp('2025-03-10T13:00:00'),
    });
    expect(bars.map((b) => b.time)).toEqual(
      Array.from({ length: 29 }, (_, i) => sp('2025-03-10T12:31:00') / 1000 + 60 * i),
    );
  });

  it('follows the statistics of the tick-by-tick simulator it stands in for', () => {
    const minute = summary(march);
    const tick = summary(tickPathBars(42));
    expect(minute.ticks / tick.ticks).toBeCloseTo(1, 1);
    expect(minute.contracts / tick.contracts).toBeCloseTo(1, 1);
    // Per-seed days differ (drawn volatility), so the path-dependent figures get a wider band.
    expect(minute.range / tick.range).toBeGreaterThan(0.8);
    expect(minute.range / tick.range).toBeLessThan(1.25);
    expect(minute.returnSd / tick.returnSd).toBeGreaterThan(0.8);
    expect(minute.returnSd / tick.returnSd).toBeLessThan(1.25);
  });
});
