import { describe, expect, it } from 'vitest';
import { intradayShape, PriceProcess } from './price-process.js';
import { SessionCalendar } from './session.js';
import type { Tick } from './tick.js';

const sp = (iso: string): number => Date.parse(`${iso}-03:00`);
const calendar = new SessionCalendar();

function ticksUntil(process: PriceProcess, end: number): Tick[] {
  const ticks: Tick[] = [];
  for (let tick = process.next(); tick.time_msc < end; tick = process.next()) ticks.push(tick);
  return ticks;
}

describe('PriceProcess', () => {
  const start = sp('2025-03-10T08:00:00'); // Monday, before the open
  const week = ticksUntil(new PriceProcess(11, start, calendar), sp('2025-03-15T00:00:00'));

  it('prices on the 5-point grid, ask one tick above bid, last at one of them', () => {
    // One expect over the week: per-tick expects would cost seconds.
    const offGrid = week.filter(
      (t) => t.bid % 5 !== 0 || t.ask - t.bid !== 5 || (t.last !== t.bid && t.last !== t.ask),
    );
    expect(offGrid).toEqual([]);
    expect(week.every((t) => Number.isInteger(t.volume) && t.volume >= 1)).toBe(true);
  });

  it('ticks only inside sessions, in time order, about 60 a minute', () => {
    expect(week.every((t, i) => i === 0 || t.time_msc > (week[i - 1]?.time_msc ?? 0))).toBe(true);
    expect(week.every((tick) => calendar.isOpen(tick.time_msc))).toBe(true);
    const perMinute = week.length / (5 * 565);
    expect(perMinute).toBeGreaterThan(50);
    expect(perMinute).toBeLessThan(70);
    expect(week.every((t) => t.time === Math.floor(t.time_msc / 1000))).toBe(true);
  });

  it('starts around 125,000 points and moves a plausible amount per day', () => {
    const first = week[0];
    expect(first && Math.abs(first.bid - 125_000)).toBeLessThan(500);
    const monday = week.filter((t) => t.time_msc < sp('2025-03-10T18:25:00')).map((t) => t.last);
    const range = Math.max(...monday) - Math.min(...monday);
    expect(range).toBeGreaterThan(200);
    expect(range).toBeLessThan(8_000);
  });

  it('is deterministic given seed and start time, and differs across seeds', () => {
    const again = ticksUntil(new PriceProcess(11, start, calendar), sp('2025-03-11T00:00:00'));
    expect(again).toEqual(week.slice(0, again.length));
    const other = ticksUntil(new PriceProcess(12, start, calendar), sp('2025-03-11T00:00:00'));
    expect(other.map((t) => t.bid)).not.toEqual(again.map((t) => t.bid));
  });

  it('skips the weekend: Friday after the close jumps to Monday 09:00', () => {
    const process = new PriceProcess(3, sp('2025-03-07T18:30:00'), calendar);
    const tick = process.next();
    expect(tick.time_msc).toBeGreaterThanOrEqual(sp('2025-03-10T09:00:00'));
    expect(tick.time_msc).toBeLessThan(sp('2025-03-10T09:01:00'));
  });

  it('respects the model: a 10-point tick, no spread and a custom start', () => {
    const process = new PriceProcess(1, start, calendar, {
      tickSize: 10,
      spreadTicks: 0,
      initialPrice: 100_000,
    });
    const ticks = ticksUntil(process, sp('2025-03-10T09:10:00'));
    expect(ticks.every((t) => t.bid % 10 === 0 && t.ask === t.bid)).toBe(true);
    expect(Math.abs((ticks[0]?.bid ?? 0) - 100_000)).toBeLessThan(500);
  });
});

describe('intradayShape', () => {
  it('is U-shaped: highest at the open, higher at the close than at midday', () => {
    const open = intradayShape(0, 565);
    const midday = intradayShape(280, 565);
    const close = intradayShape(565, 565);
    expect(open).toBeGreaterThan(close);
    expect(close).toBeGreaterThan(midday);
  });
});
