import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.js';

describe('formatDuration', () => {
  it("formats 'Xh Ym' rounding seconds down", () => {
    expect(formatDuration(0)).toBe('0h 0m');
    expect(formatDuration(59_999)).toBe('0h 0m');
    expect(formatDuration(90 * 60_000 + 30_000)).toBe('1h 30m');
    expect(formatDuration((26 * 60 + 5) * 60_000)).toBe('26h 5m');
  });

  it('treats negative and non-finite durations as zero', () => {
    expect(formatDuration(-60_000)).toBe('0h 0m');
    expect(formatDuration(Number.NaN)).toBe('0h 0m');
  });
});
