import { BACKUP_TIME_ZONE } from './backup.schema.js';

export interface RetainedBackup {
  filename: string;
  /** When it was taken. */
  date: Date;
}

export interface RetentionCounts {
  keep_daily_backups: number;
  keep_weekly_backups: number;
  keep_monthly_backups: number;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BACKUP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The São Paulo calendar day as YYYY-MM-DD. */
export function localDay(d: Date): string {
  return dayFormat.format(d);
}

/** ISO week of a calendar day (weeks start on Monday, week 1 holds the first Thursday). */
function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - weekday + 3);
  const year = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Grandfather-father-son: the newest backup of each of the last N days, N weeks and N months
 * (São Paulo calendar) that have a backup are kept; the rest are returned for deletion.
 */
export function backupsToDelete<T extends RetainedBackup>(
  backups: T[],
  keep: RetentionCounts,
): T[] {
  const newestFirst = [...backups].sort((a, b) => b.date.getTime() - a.date.getTime());
  const kept = new Set<T>();
  const buckets: [(b: T) => string, number][] = [
    [(b) => localDay(b.date), keep.keep_daily_backups],
    [(b) => isoWeek(localDay(b.date)), keep.keep_weekly_backups],
    [(b) => localDay(b.date).slice(0, 7), keep.keep_monthly_backups],
  ];
  for (const [bucketOf, count] of buckets) {
    const seen = new Set<string>();
    for (const b of newestFirst) {
      const key = bucketOf(b);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(b);
    }
  }
  return newestFirst.filter((b) => !kept.has(b));
}
