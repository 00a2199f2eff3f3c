import { describe, expect, it } from 'vitest';
import { fileStamp } from './reports.routes.js';

describe('fileStamp', () => {
  it('names the file in São Paulo time, not UTC', () => {
    // 01:15 UTC on the 23rd is still 22:15 on the 22nd in São Paulo.
    expect(fileStamp(Date.UTC(2026, 10, 23, 1, 15, 0))).toBe('20261122_221500');
  });
});
