import { describe, expect, it } from 'vitest';
import { ImportGate, Slots } from './import-gate.js';

describe('the import gate', () => {
  it('lets one import per user in, and a bounded number in all', () => {
    const gate = new ImportGate({ uploads: 2, readers: 1 });
    const first = gate.enter(1);
    expect(typeof first).toBe('function');
    expect(gate.enter(1)).toBe('user-busy');
    const second = gate.enter(2);
    expect(gate.enter(3)).toBe('server-busy');
    if (typeof first === 'function') first();
    expect(typeof gate.enter(1)).toBe('function');
    expect(typeof second).toBe('function');
  });

  it('reading slots: past the size a reader waits its turn, or is refused at once with no wait', async () => {
    const slots = new Slots(2);
    const a = await slots.take(0);
    const b = await slots.take(0);
    expect(a && b).toBeTruthy();
    expect(await slots.take(0)).toBeUndefined();
    const waiting = slots.take(60_000);
    expect(slots.inUse).toBe(2);
    a?.();
    a?.(); // a second release frees nothing more
    const c = await waiting;
    expect(c).toBeTypeOf('function');
    expect(slots.inUse).toBe(2);
    b?.();
    c?.();
    expect(slots.inUse).toBe(0);
  });
});
