import { describe, expect, it } from 'vitest';
import { applyFill, closingPrice, closingProfit, type Fill, type Position } from './positions.js';

const fill = (over: Partial<Fill>): Fill => ({
  order: 1,
  symbol: 'WINJ25',
  side: 0,
  volume: 1,
  price: 125_000,
  sl: 0,
  tp: 0,
  magic: 0,
  comment: '',
  time_msc: 1_000,
  ...over,
});

const open = (over: Partial<Fill>): Position => {
  const { position } = applyFill(null, fill(over), 0.2);
  if (!position) throw new Error('an opening fill makes a position');
  return position;
};

describe('applyFill (B3 netting)', () => {
  it('opens with entry IN; the position id is the order ticket', () => {
    const outcome = applyFill(null, fill({ order: 7, volume: 2, sl: 124_800 }), 0.2);
    expect(outcome).toMatchObject({ entry: 0, positionId: 7, closedVolume: 0, profit: 0 });
    expect(outcome.position).toMatchObject({ ticket: 7, type: 0, volume: 2, sl: 124_800 });
  });

  it('adds a same-side fill at the volume-weighted average price', () => {
    const position = open({ volume: 1, price: 125_005 });
    const outcome = applyFill(position, fill({ order: 2, volume: 3, price: 125_105 }), 0.2);
    expect(outcome).toMatchObject({ entry: 0, positionId: 1, profit: 0 });
    expect(outcome.position).toMatchObject({ ticket: 1, volume: 4, price_open: 125_080 });
  });

  it('reduces with entry OUT, booking points × 0.20 × closed volume, keeping the price', () => {
    const position = open({ volume: 3, price: 125_005, sl: 124_900 });
    const outcome = applyFill(position, fill({ side: 1, volume: 1, price: 125_050 }), 0.2);
    expect(outcome).toMatchObject({ entry: 1, closedVolume: 1, profit: 9 });
    expect(outcome.position).toMatchObject({ volume: 2, price_open: 125_005, sl: 124_900 });
  });

  it('closes a short at a loss', () => {
    const position = open({ side: 1, volume: 2, price: 125_000 });
    const outcome = applyFill(position, fill({ side: 0, volume: 2, price: 125_100 }), 0.2);
    expect(outcome).toMatchObject({ entry: 1, closedVolume: 2, profit: -40, position: null });
  });

  it('reverses with one INOUT deal; the position keeps its id and drops the old stops', () => {
    const position = open({ order: 5, volume: 1, price: 125_005, sl: 124_900, tp: 125_200 });
    const outcome = applyFill(
      position,
      fill({ order: 6, side: 1, volume: 3, price: 125_100 }),
      0.2,
    );
    expect(outcome).toMatchObject({ entry: 2, positionId: 5, closedVolume: 1, profit: 19 });
    expect(outcome.position).toMatchObject({
      ticket: 5,
      type: 1,
      volume: 2,
      price_open: 125_100,
      sl: 0,
      tp: 0,
    });
  });

  it('rounds money to cents when the average price is fractional', () => {
    const position = open({ volume: 3, price: 125_000 });
    const added = applyFill(position, fill({ volume: 3, price: 125_005 }), 0.2).position;
    expect(added?.price_open).toBe(125_002.5);
    const outcome = applyFill(added ?? null, fill({ side: 1, volume: 1, price: 125_010 }), 0.2);
    expect(outcome.profit).toBe(1.5);
  });
});

describe('closing price and profit', () => {
  it('closes longs at the bid and shorts at the ask', () => {
    expect(closingPrice({ type: 0 }, 125_000, 125_005)).toBe(125_000);
    expect(closingPrice({ type: 1 }, 125_000, 125_005)).toBe(125_005);
    expect(closingProfit({ type: 1, price_open: 125_100 }, 125_005, 2, 0.2)).toBe(38);
  });
});
