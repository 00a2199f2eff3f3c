import type { BarLike } from './signal.js';

/**
 * Bars for the strategies' scenarios: each close given, the open at the previous close, the
 * high and low `wick` points beyond the body; one bar a minute.
 */
export function barsFromCloses(closes: readonly number[], wick = 10): BarLike[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : (closes[i - 1] as number);
    return {
      time: 1_763_550_000 + 60 * i,
      open,
      high: Math.max(open, close) + wick,
      low: Math.min(open, close) - wick,
      close,
    };
  });
}

/** `n` closes from `start`, moving `step` points a bar. */
export const line = (start: number, step: number, n: number) =>
  Array.from({ length: n }, (_, i) => start + step * (i + 1));

/** `n` closes alternating `amplitude` points around `level`: a market going nowhere. */
export const chop = (level: number, amplitude: number, n: number) =>
  Array.from({ length: n }, (_, i) => level + (i % 2 === 0 ? amplitude : -amplitude));

/** Joins segments, each continuing from the last close of the one before. */
export function path(start: number, ...segments: { step: number; n: number }[]): number[] {
  const out: number[] = [];
  let last = start;
  for (const { step, n } of segments) {
    const part = line(last, step, n);
    out.push(...part);
    last = part[part.length - 1] ?? last;
  }
  return out;
}
