import type { PositionLike } from '../packages/core/src/index.js';

/** mulberry32: a tiny seeded PRNG so every run measures the same million positions. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYMBOLS = ['WINZ25', 'WDOZ25', 'PETR4', 'VALE3', 'ITUB4', 'BBDC4', 'ABEV3', 'BBAS3'];
const START = Date.UTC(2022, 0, 3, 12);
const END = Date.UTC(2025, 11, 30, 21);

/**
 * n closed positions in close-time order (as dealsToPositions returns them), spread over four
 * years so that the local-day cache meets about 1,450 days and eight DST-free years of São Paulo.
 */
export function generatePositions(n: number, seed = 42): PositionLike[] {
  const random = mulberry32(seed);
  const step = (END - START) / n;
  const positions: PositionLike[] = new Array<PositionLike>(n);
  let close = START;
  for (let i = 0; i < n; i++) {
    close += Math.floor(random() * 2 * step);
    const profit = Math.round((random() - 0.48) * 40_000) / 100;
    positions[i] = {
      symbol: SYMBOLS[Math.floor(random() * SYMBOLS.length)] ?? 'WINZ25',
      profit,
      commission: -Math.round(random() * 500) / 100,
      swap: Math.round((random() - 0.5) * 100) / 100,
      open_time: close - Math.floor(random() * 4 * 3_600_000),
      close_time: close,
    };
  }
  return positions;
}
