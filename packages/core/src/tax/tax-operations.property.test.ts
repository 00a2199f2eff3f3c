import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayOf } from './compute-taxes.js';
import { taxOperations, type TaxDeal } from './tax-operations.js';

const toCents = (r: number) => Math.round(r * 100);

// Openings then closings of one position over a few days, ending flat.
const flatPosition = fc
  .record({
    opens: fc.array(
      fc.record({
        volume: fc.integer({ min: 1, max: 5 }),
        commission: fc.integer({ min: -500, max: 0 }),
        hour: fc.integer({ min: 0, max: 80 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    closes: fc.array(
      fc.record({
        profit: fc.integer({ min: -100_000, max: 100_000 }),
        commission: fc.integer({ min: -500, max: 0 }),
        hour: fc.integer({ min: 0, max: 80 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    perSide: fc.integer({ min: 0, max: 300 }),
  })
  .map(({ opens, closes, perSide }) => {
    const total = opens.reduce((a, o) => a + o.volume, 0);
    const start = Date.UTC(2026, 0, 5, 12);
    let at = start;
    const deals: TaxDeal[] = [];
    const base = { account_id: 'A', position_id: 'P', symbol: 'WIN', price: 1, fee: 0, swap: 0 };
    opens.forEach((o, i) => {
      at += o.hour * 3_600_000;
      deals.push({
        ...base,
        ticket: `o${i}`,
        type: 'BUY',
        entry: 'IN',
        volume: o.volume,
        time: at,
        profit: 0,
        commission: o.commission / 100,
      });
    });
    // Closings share the total volume; the last takes what is left.
    let left = total;
    closes.forEach((c, i) => {
      at += c.hour * 3_600_000 + 1;
      const volume = i === closes.length - 1 ? left : Math.min(left, 1 + (i % 3));
      if (volume <= 0) return;
      left -= volume;
      deals.push({
        ...base,
        ticket: `c${i}`,
        type: 'SELL',
        entry: 'OUT',
        volume,
        time: at,
        profit: c.profit / 100,
        commission: c.commission / 100,
      });
    });
    return { deals, total, perSide: perSide / 100 };
  });

describe('taxOperations (property)', () => {
  it('closes every contract once and keeps every cent of results and costs', () => {
    fc.assert(
      fc.property(flatPosition, ({ deals, total, perSide }) => {
        const ops = taxOperations(deals, {
          dayOf: (t) => localDayOf(t),
          costPerContractSide: perSide,
        });
        expect(ops.reduce((a, o) => a + o.volume, 0)).toBeCloseTo(total, 9);
        const expected = deals.reduce(
          (a, d) =>
            a + toCents(d.profit) + toCents(d.commission) - Math.round(toCents(perSide) * d.volume),
          0,
        );
        expect(ops.reduce((a, o) => a + o.result_cents, 0)).toBe(expected);
        for (const o of ops) {
          expect(o.result_cents).toBe(o.gross_cents - o.costs_cents);
          expect(o.open_time).not.toBeNull();
          expect(o.kind === 'day_trade').toBe(localDayOf(o.open_time ?? NaN) === o.day);
        }
      }),
      { numRuns: 300 },
    );
  });
});
