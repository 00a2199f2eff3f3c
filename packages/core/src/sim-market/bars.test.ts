import { describe, expect, it } from 'vitest';
import type { Bar } from '../bridge/mt5-records.schema.js';
import { aggregateBars } from '../market/aggregate-bars.js';
import { lowerBound, M1BarBuilder, ticksToM1 } from './bars.js';
import { makeTick } from './tick.js';

const T0 = Date.parse('2025-03-10T12:00:00Z'); // 09:00 in São Paulo
const S0 = T0 / 1000;
const tick = (ms: number, last: number, volume = 1) =>
  makeTick({ time_msc: T0 + ms, bid: last, last, volume });

describe('M1 bars from ticks', () => {
  it('opens, highs, lows and closes each minute from last prices, with both volumes', () => {
    const bars = ticksToM1([
      tick(1_000, 125_000, 2),
      tick(20_000, 125_050, 1),
      tick(40_000, 124_980, 3),
      tick(59_999, 125_010, 1),
      tick(60_000, 125_015, 5),
      tick(185_000, 125_100, 1), // minute 3: minute 2 had no ticks and gets no bar
    ]);
    expect(bars).toEqual<Bar[]>([
      {
        time: S0,
        open: 125_000,
        high: 125_050,
        low: 124_980,
        close: 125_010,
        tick_volume: 4,
        volume: 7,
      },
      {
        time: S0 + 60,
        open: 125_015,
        high: 125_015,
        low: 125_015,
        close: 125_015,
        tick_volume: 1,
        volume: 5,
      },
      {
        time: S0 + 180,
        open: 125_100,
        high: 125_100,
        low: 125_100,
        close: 125_100,
        tick_volume: 1,
        volume: 1,
      },
    ]);
  });

  it('closes a bar on the next minute’s tick or when time passes its end', () => {
    const builder = new M1BarBuilder();
    expect(builder.onTick(tick(1_000, 125_000))).toBeNull();
    expect(builder.closeBy(T0 + 59_999)).toBeNull();
    expect(builder.forming()?.close).toBe(125_000);
    expect(builder.closeBy(T0 + 60_000)?.time).toBe(S0);
    expect(builder.forming()).toBeNull();
    builder.onTick(tick(61_000, 125_005));
    expect(builder.onTick(tick(121_000, 125_010))?.time).toBe(S0 + 60);
  });
});

describe("M1 bars folded by core's aggregateBars", () => {
  const m1 = ticksToM1(
    Array.from({ length: 120 }, (_, minute) => tick(minute * 60_000, 125_000 + minute * 5, 2)),
  );

  it('groups five M1 bars into an M5 bar', () => {
    const m5 = aggregateBars(m1, 'M5');
    expect(m5).toHaveLength(24);
    expect(m5[1]).toEqual({
      time: S0 + 300,
      open: 125_025,
      high: 125_045,
      low: 125_025,
      close: 125_045,
      tick_volume: 5,
      volume: 10,
    });
  });

  it('aligns M15 and H1 to the clock (09:00 local is a whole UTC hour)', () => {
    expect(aggregateBars(m1, 'M15').map((b) => b.time - S0)).toEqual(
      Array.from({ length: 8 }, (_, i) => i * 900),
    );
    const h1 = aggregateBars(m1, 'H1');
    expect(h1.map((b) => [b.time - S0, b.open, b.close, b.tick_volume])).toEqual([
      [0, 125_000, 125_295, 60],
      [3600, 125_300, 125_595, 60],
    ]);
  });

  it('finds bars by time with a binary search', () => {
    expect(lowerBound(m1, S0)).toBe(0);
    expect(lowerBound(m1, S0 + 61)).toBe(2);
    expect(lowerBound(m1, S0 + 1e6)).toBe(120);
  });
});
