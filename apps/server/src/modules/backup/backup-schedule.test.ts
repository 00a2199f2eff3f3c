import { DEFAULT_BACKUP_SETTINGS } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { dueSlot, nextRun } from './backup-schedule.js';

const daily = DEFAULT_BACKUP_SETTINGS;

describe('backup schedule (São Paulo time)', () => {
  it('is due at 02:00 in São Paulo, which is 05:00 UTC', () => {
    expect(dueSlot(daily, new Date('2026-03-10T05:00:30Z'))).toBe('daily@2026-03-10T02:00');
    expect(dueSlot(daily, new Date('2026-03-10T02:00:00Z'))).toBeNull();
    expect(dueSlot(daily, new Date('2026-03-10T05:01:00Z'))).toBeNull();
  });

  it('runs weekly on Sundays and monthly on the 1st', () => {
    const weekly = { ...daily, backup_frequency: 'weekly' as const };
    expect(dueSlot(weekly, new Date('2026-03-08T05:00:00Z'))).toBe('weekly@2026-03-08T02:00');
    expect(dueSlot(weekly, new Date('2026-03-09T05:00:00Z'))).toBeNull();
    const monthly = { ...daily, backup_frequency: 'monthly' as const };
    expect(dueSlot(monthly, new Date('2026-04-01T05:00:00Z'))).toBe('monthly@2026-04-01T02:00');
    expect(dueSlot(monthly, new Date('2026-04-02T05:00:00Z'))).toBeNull();
  });

  it('is never due with automatic backups off', () => {
    const off = { ...daily, auto_backup_enabled: false };
    expect(dueSlot(off, new Date('2026-03-10T05:00:00Z'))).toBeNull();
    expect(nextRun(off, new Date())).toBeNull();
  });

  it('names the next run in São Paulo time', () => {
    const next = nextRun({ ...daily, backup_time: '23:30' }, new Date('2026-03-10T12:00:00Z'));
    expect(next?.toISOString()).toBe('2026-03-11T02:30:00.000Z');
  });
});
