import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator.js';

const START = Date.parse('2025-03-10T08:00:00-03:00');
const END = Date.parse('2025-03-12T20:00:00-03:00');

function run(seed: number, cuts: number[]) {
  const sim = createSimulator({ seed, startTime: START, symbol: 'WINJ25' });
  let ticks = 0;
  const closed: number[] = [];
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const step = sim.advanceTo(START + cut);
    ticks += step.tickCount;
    closed.push(...step.bars.map((bar) => bar.time));
  }
  const last = sim.advanceTo(END);
  return {
    sim,
    ticks: ticks + last.tickCount,
    closed: [...closed, ...last.bars.map((b) => b.time)],
  };
}

describe('Simulator determinism', () => {
  const whole = run(5, []);

  it('does not depend on how the driver slices time', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: END - START }), { maxLength: 40 }), (cuts) => {
        const sliced = run(5, cuts);
        expect(sliced.ticks).toBe(whole.ticks);
        expect(sliced.closed).toEqual(whole.closed);
        expect(sliced.sim.bars('M1')).toEqual(whole.sim.bars('M1'));
      }),
      { numRuns: 5 },
    );
  });

  it('closes every M1 bar exactly once, in order', () => {
    const m1 = whole.sim.bars('M1').map((bar) => bar.time);
    expect(whole.closed).toEqual(m1);
    expect(m1.length).toBeGreaterThan(3 * 560);
  });

  it('changes with the seed', () => {
    const other = run(6, []);
    expect(other.sim.bars('M1').map((b) => b.close)).not.toEqual(
      whole.sim.bars('M1').map((b) => b.close),
    );
  });
});
