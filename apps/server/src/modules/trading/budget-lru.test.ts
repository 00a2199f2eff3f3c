import { describe, expect, it } from 'vitest';
import { BudgetLru } from './budget-lru.js';

describe('BudgetLru', () => {
  it('drops the least recently used entries once over its budget', () => {
    const lru = new BudgetLru<string, number>(100);
    lru.set('a', 1, 40);
    lru.set('b', 2, 40);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3, 40);
    // b was used longest ago: it goes, a (read since) stays.
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.usedBytes).toBe(80);
  });

  it('counts a replaced entry once and keeps one entry larger than the budget alone', () => {
    const lru = new BudgetLru<string, number>(100);
    lru.set('a', 1, 30);
    lru.set('a', 2, 50);
    expect(lru.usedBytes).toBe(50);
    lru.set('big', 3, 500);
    expect(lru.size).toBe(1);
    expect(lru.get('big')).toBe(3);
    lru.set('b', 4, 10);
    expect(lru.get('big')).toBeUndefined();
    expect(lru.usedBytes).toBe(10);
  });

  it('forgets everything on clear', () => {
    const lru = new BudgetLru<number, string>(10);
    lru.set(1, 'x', 5);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.usedBytes).toBe(0);
  });
});
