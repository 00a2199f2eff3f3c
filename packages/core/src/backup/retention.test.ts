import { describe, expect, it } from 'vitest';
import { backupsToDelete, localDay } from './retention.js';

// Noon in São Paulo (UTC-3) on each day, so the local day is unambiguous.
const at = (day: string) => ({ filename: day, date: new Date(`${day}T15:00:00Z`) });
const days = (from: string, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return at(d.toISOString().slice(0, 10));
  });
const names = (l: { filename: string }[]) => l.map((b) => b.filename).sort();

describe('backup retention', () => {
  it('keeps the last N days, the newest of the last N weeks and months', () => {
    // 2026-01-01 .. 2026-03-31, one a day.
    const all = days('2026-01-01', 90);
    const deleted = backupsToDelete(all, {
      keep_daily_backups: 3,
      keep_weekly_backups: 2,
      keep_monthly_backups: 2,
    });
    const kept = names(all.filter((b) => !deleted.includes(b)));
    // Days: 29–31 Mar; weeks: Tue 31 Mar (week from Mon 30), Sun 29 Mar (the week before);
    // months: 31 Mar, 28 Feb.
    expect(kept).toEqual(['2026-02-28', '2026-03-29', '2026-03-30', '2026-03-31']);
    expect(deleted).toHaveLength(86);
  });

  it('keeps only the newest backup of a day', () => {
    const morning = { filename: 'a', date: new Date('2026-05-10T11:00:00Z') };
    const evening = { filename: 'b', date: new Date('2026-05-10T22:00:00Z') };
    const deleted = backupsToDelete([morning, evening], {
      keep_daily_backups: 7,
      keep_weekly_backups: 4,
      keep_monthly_backups: 12,
    });
    expect(names(deleted)).toEqual(['a']);
  });

  it('counts days in São Paulo time, not UTC', () => {
    // 01:30 UTC on the 11th is still 22:30 of the 10th in São Paulo.
    expect(localDay(new Date('2026-05-11T01:30:00Z'))).toBe('2026-05-10');
  });

  it('keeps the newest of each week when days alone would not reach it', () => {
    // Sundays only: each is its own day, week and (some) month.
    const sundays = [at('2026-03-01'), at('2026-03-08'), at('2026-03-15'), at('2026-03-22')];
    const deleted = backupsToDelete(sundays, {
      keep_daily_backups: 1,
      keep_weekly_backups: 3,
      keep_monthly_backups: 1,
    });
    expect(names(deleted)).toEqual(['2026-03-01']);
  });

  it('deletes nothing below the counts', () => {
    const all = days('2026-06-01', 5);
    expect(
      backupsToDelete(all, {
        keep_daily_backups: 7,
        keep_weekly_backups: 4,
        keep_monthly_backups: 12,
      }),
    ).toEqual([]);
  });
});
