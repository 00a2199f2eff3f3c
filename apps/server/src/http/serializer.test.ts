import { describe, expect, it } from 'vitest';
import { freezeResponse } from '../lib/frozen-response.js';
import { memoizingFrozen } from './serializer.js';

describe('memoizingFrozen', () => {
  const calls: unknown[] = [];
  const compile = memoizingFrozen<unknown>(() => (data: unknown) => {
    calls.push(data);
    return JSON.stringify(data);
  });
  const serialize = compile({ schema: {}, method: 'GET', url: '/', httpStatus: '200' });

  it('serialises a frozen response once, any other body every time', () => {
    const shared = freezeResponse({ success: true, positions: [{ ticket: 1 }] });
    expect(serialize(shared)).toBe(serialize(shared));
    const plain = { success: true };
    serialize(plain);
    serialize(plain);
    expect(calls).toEqual([shared, plain, plain]);
  });

  it('freezes the whole body, so what was serialised cannot change', () => {
    const body = freezeResponse({ positions: [{ ticket: 1 }] });
    expect(Object.isFrozen(body.positions[0])).toBe(true);
    expect(() => {
      (body.positions as { ticket: number }[]).push({ ticket: 2 });
    }).toThrow(TypeError);
  });
});
