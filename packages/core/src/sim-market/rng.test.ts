import { describe, expect, it } from 'vitest';
import { createRng, hashSeed } from './rng.js';

const draws = (seed: number | string, n: number): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('createRng', () => {
  it('repeats its stream for the same seed, numeric or text', () => {
    expect(draws(42, 100)).toEqual(draws(42, 100));
    expect(draws('WINZ25', 100)).toEqual(draws('WINZ25', 100));
  });

  it('gives unrelated streams for neighbouring seeds', () => {
    const a = draws(1, 1000);
    const b = draws(2, 1000);
    expect(a.filter((x, i) => x === b[i])).toHaveLength(0);
  });

  it('draws uniforms in [0, 1) with mean 1/2', () => {
    const xs = draws(7, 100_000);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(0.5, 2);
  });

  it('draws standard normals and unit exponentials', () => {
    const rng = createRng(9);
    const n = 100_000;
    const normals = Array.from({ length: n }, () => rng.normal());
    const mean = normals.reduce((s, x) => s + x, 0) / n;
    const variance = normals.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
    expect(mean).toBeCloseTo(0, 1);
    expect(variance).toBeCloseTo(1, 1);
    const exps = Array.from({ length: n }, () => rng.exponential());
    expect(exps.reduce((s, x) => s + x, 0) / n).toBeCloseTo(1, 1);
    expect(Math.min(...exps)).toBeGreaterThanOrEqual(0);
  });
});

describe('hashSeed', () => {
  it('separates parts, order and the high bits of epoch ms', () => {
    expect(hashSeed(1, 2)).not.toBe(hashSeed(2, 1));
    expect(hashSeed(1, 20_000)).not.toBe(hashSeed(1, 20_001));
    expect(hashSeed(1_700_000_000_000)).not.toBe(hashSeed(1_700_000_000_000 + 2 ** 32));
    expect(hashSeed('a', 1)).toBe(hashSeed('a', 1));
  });
});
