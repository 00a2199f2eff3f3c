import { scriptedTicks, type TickInput } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { ReferenceTrader, type ReferenceTraderOptions } from './reference-trader.js';
import { createSimulator, type Simulator } from './simulator.js';

const sp = (hms: string): number => Date.parse(`2025-03-10T${hms}-03:00`);
const MINUTE = 60_000;

// Two ticks a minute from 09:00:30 to 18:24:30, at the price `path` gives for the minute.
function day(path: (minute: number) => number): TickInput[] {
  const ticks: TickInput[] = [];
  for (let minute = 0; minute < 565; minute++) {
    const bid = path(minute);
    ticks.push({ time_msc: sp('09:00:00') + minute * MINUTE + 20_000, bid });
    ticks.push({ time_msc: sp('09:00:00') + minute * MINUTE + 40_000, bid });
  }
  return ticks;
}

function trade(ticks: TickInput[], options: Partial<ReferenceTraderOptions> = {}): Simulator {
  const sim = createSimulator({
    seed: 1,
    startTime: sp('09:00:00'),
    symbol: 'WINJ25',
    source: scriptedTicks(ticks),
  });
  const trader = new ReferenceTrader(options);
  for (let t = sp('09:01:00'); t <= sp('18:25:00'); t += MINUTE)
    trader.onStep(sim, sim.advanceTo(t));
  return sim;
}

describe('ReferenceTrader', () => {
  it('buys when the 9-EMA crosses above the 21-EMA on M5, with SL 200 and TP 400 points', () => {
    // Falls 10 points a minute until 11:00, then rises 40 a minute.
    const sim = trade(day((m) => (m < 120 ? 125_000 - 10 * m : 123_800 + 40 * (m - 120))));
    const [entry, exit] = sim.deals();
    expect(entry).toMatchObject({ type: 0, entry: 0, magic: 135_000, reason: 3, volume: 1 });
    expect(entry?.time_msc).toBeGreaterThan(sp('11:00:00'));
    // The TP sat 400 points above the entry ask, and filled at the first bid at or past it.
    const tp = (entry?.price ?? 0) + 400;
    expect(exit).toMatchObject({ entry: 1, reason: 5, comment: `[tp ${tp}]` });
    expect(exit?.price).toBeGreaterThanOrEqual(tp);
    expect(sim.deals()).toHaveLength(2);
  });

  it('reverses on the opposite cross (an INOUT deal) and is flat at 18:20', () => {
    // Down until 10:45, up until 13:00, down after; stops far away so only crosses and the
    // clock trade.
    const path = (m: number) =>
      m < 105 ? 125_000 - 10 * m : m < 240 ? 123_950 + 10 * (m - 105) : 125_300 - 10 * (m - 240);
    const sim = trade(day(path), { stopPoints: 50_000, takePoints: 50_000 });
    const deals = sim.deals();
    expect(deals.map((d) => [d.type, d.entry, d.volume])).toEqual([
      [0, 0, 1], // the first cross up after warm-up
      [1, 2, 2], // the cross down reverses 1 long into 1 short
      [0, 1, 1], // flat by the clock
    ]);
    const flat = deals[2];
    expect(flat?.reason).toBe(3);
    expect(flat?.time_msc).toBeGreaterThanOrEqual(sp('18:20:00'));
    expect(flat?.time_msc).toBeLessThan(sp('18:22:00'));
    expect(new Set(deals.map((d) => d.position_id)).size).toBe(1);
  });

  it('does not enter before 09:15 or after 18:00', () => {
    const zigzag = (m: number) =>
      125_000 + (Math.floor(m / 15) % 2 === 0 ? 10 * (m % 15) : 150 - 10 * (m % 15));
    const deals = trade(day(zigzag), { stopPoints: 50_000, takePoints: 50_000 }).deals();
    expect(deals.length).toBeGreaterThan(2);
    const opening = deals.filter((d) => d.entry !== 1);
    expect(opening.every((d) => d.time_msc >= sp('09:15:00') && d.time_msc < sp('18:00:00'))).toBe(
      true,
    );
  });
});
