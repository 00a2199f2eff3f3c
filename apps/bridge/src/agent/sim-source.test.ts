import { currentWinSymbol } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { createSimSource } from './sim-source.js';

describe('the sim adapter', () => {
  it('names the one series it offers, the current one by B3’s calendar at its start', () => {
    // The day after WINZ26's expiry (Wednesday 2026-12-16): the simulator trades WING27.
    const at = Date.parse('2026-12-17T13:00:00Z');
    const source = createSimSource({ seed: 'series', historyDays: 1, speed: 1, now: () => at });
    expect(source.terminal().symbols).toEqual(['WING27']);
    expect(currentWinSymbol(at)).toBe('WING27');
  });
});
