import { describe, expect, it } from 'vitest';
import { nextStop, type ManagedPosition } from './manage-stops.js';

const both = { enable_breakeven: true, enable_trailing: true };
const buy: ManagedPosition = { side: 'BUY', entry: 120_000, stopLoss: 119_900, initialRisk: 100 };
const sell: ManagedPosition = { side: 'SELL', entry: 120_000, stopLoss: 120_100, initialRisk: 100 };

describe('nextStop', () => {
  it('leaves the stop before the position is 1R in profit', () => {
    expect(nextStop(buy, 120_090, 40, both, 5)).toBeNull();
  });

  it('moves the stop to the entry plus a tick at 1R', () => {
    expect(nextStop(buy, 120_100, 40, both, 5)).toBe(120_005);
    expect(nextStop(sell, 119_900, 40, both, 5)).toBe(119_995);
  });

  it('trails one ATR behind the close from 1.5R, on the tick', () => {
    expect(nextStop(buy, 120_300, 42, both, 5)).toBe(120_260);
    expect(nextStop(sell, 119_700, 42, both, 5)).toBe(119_740);
  });

  it('never loosens a stop', () => {
    const tight = { ...buy, stopLoss: 120_280 };
    expect(nextStop(tight, 120_300, 42, both, 5)).toBeNull();
  });

  it('does only what its flags allow', () => {
    const none = { enable_breakeven: false, enable_trailing: false };
    expect(nextStop(buy, 120_300, 42, none, 5)).toBeNull();
    expect(nextStop(buy, 120_300, 42, { ...none, enable_breakeven: true }, 5)).toBe(120_005);
    expect(nextStop(buy, 120_120, 42, { ...none, enable_trailing: true }, 5)).toBeNull();
  });
});
