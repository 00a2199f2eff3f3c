import { scriptedTicks, type TickInput } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator.js';

// Monday 2025-03-10 in São Paulo (UTC-3).
const sp = (hms: string): number => Date.parse(`2025-03-10T${hms}-03:00`);
const q = (hms: string, bid: number): TickInput => ({ time_msc: sp(hms), bid, ask: bid + 5 });

describe('Simulator: the order history (HistoryOrderGet)', () => {
  it('keeps filled, canceled and stop-loss orders with their levels, states and done times', () => {
    const sim = createSimulator({
      seed: 1,
      startTime: sp('08:59:00'),
      symbol: 'WINJ25',
      source: scriptedTicks([
        q('09:01:00', 125_000),
        q('09:02:00', 124_945), // ask 124,950: the limit fills
        q('09:03:00', 125_000),
        q('09:04:00', 124_895), // bid under the raised stop loss: closed by the server
      ]),
    });
    sim.advanceTo(sp('09:01:00'));
    sim.placeOrder({ type: 'BUY_LIMIT', volume: 2, price: 124_950, sl: 124_800, tp: 125_400 });
    sim.placeOrder({ type: 'SELL_STOP', volume: 1, price: 124_700 });
    sim.advanceTo(sp('09:02:00'));
    sim.cancelOrder(2);
    sim.advanceTo(sp('09:03:00'));
    sim.modifyPosition(1, { sl: 124_900 });
    sim.advanceTo(sp('09:04:00'));
    expect(sim.historyOrdersSince(0)).toEqual([
      expect.objectContaining({
        ticket: 1,
        type: 2,
        state: 4,
        volume_initial: 2,
        volume_current: 0,
        price_open: 124_950,
        sl: 124_800,
        tp: 125_400,
        price_current: 124_950,
        time_setup_msc: sp('09:01:00'),
        time_done_msc: sp('09:02:00'),
        position_id: 1,
      }),
      expect.objectContaining({
        ticket: 2,
        type: 5,
        state: 2,
        volume_current: 1,
        time_done_msc: sp('09:02:00'),
      }),
      // The close carries the levels in force: the raised stop loss.
      expect.objectContaining({
        ticket: 3,
        type: 1,
        state: 4,
        price_open: 0,
        sl: 124_900,
        tp: 125_400,
        time_done_msc: sp('09:04:00'),
        position_id: 1,
        reason: 4,
      }),
    ]);
    expect(sim.historyOrdersSince(sp('09:03:00')).map((o) => o.ticket)).toEqual([3]);
    expect(sim.deals().every((d) => d.fee === 0)).toBe(true);
  });
});
