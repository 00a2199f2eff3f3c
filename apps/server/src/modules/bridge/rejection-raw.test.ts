import { describe, expect, it } from 'vitest';
import { boundedRaw, printable, RAW_MAX_CHARS } from './rejection-raw.js';

describe('printable', () => {
  it('spells control characters out and mends half surrogate pairs', () => {
    expect(printable('WIN\u0000Z25\u001b')).toBe('WIN\\u0000Z25\\u001b');
    expect(printable('a\uD800b😀')).toBe('a\uFFFDb😀');
    expect(printable('abcdef', 3)).toBe('abc…');
  });
});

describe('boundedRaw', () => {
  it('keeps a small value whole, with its keys and strings printable', () => {
    const raw = boundedRaw({ symbol: 'W\u0000N', 'k\u0000': 1, n: Number.NaN, u: undefined });
    expect(JSON.parse(raw)).toEqual({ symbol: 'W\\u0000N', 'k\\u0000': 1, n: 'NaN', u: null });
  });

  it('cuts a big value to its head, still valid JSON within the bound', () => {
    // Quotes and backslashes are the worst case: quoted again, each takes two characters.
    const deals = Array.from({ length: 5000 }, (_, i) => ({
      ticket: i,
      comment: '"\\'.repeat(99),
    }));
    const raw = boundedRaw(deals);
    const parsed = JSON.parse(raw) as { truncated: boolean; head: string };
    expect(parsed.truncated).toBe(true);
    expect(parsed.head.startsWith('[{"ticket":0,"comment":"\\"\\\\')).toBe(true);
    expect(raw.length).toBeLessThanOrEqual(RAW_MAX_CHARS + '{"truncated":true,"head":""}'.length);
  });
});
