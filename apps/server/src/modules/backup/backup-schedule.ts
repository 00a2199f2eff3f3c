import { BACKUP_TIME_ZONE, type BackupSettings } from '@vortex/core';
import { Cron } from 'croner';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BACKUP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

/** São Paulo wall-clock parts of an instant. */
export function localParts(d: Date): Record<string, string> {
  return Object.fromEntries(partsFormat.formatToParts(d).map((p) => [p.type, p.value]));
}

/** Weekly backups run on Sundays, monthly ones on the 1st, at the configured time. */
export function cronPattern(s: Pick<BackupSettings, 'backup_frequency' | 'backup_time'>): string {
  const [hh, mm] = s.backup_time.split(':').map(Number);
  const day = { daily: '* * *', weekly: '* * 0', monthly: '1 * *' }[s.backup_frequency];
  return `${mm} ${hh} ${day}`;
}

/**
 * The scheduled slot `now` falls in (its minute), or null when no automatic backup is due.
 * The slot names the run so every instance that sees the minute claims the same one.
 */
export function dueSlot(s: BackupSettings, now: Date): string | null {
  if (!s.auto_backup_enabled) return null;
  const p = localParts(now);
  if (`${p.hour}:${p.minute}` !== s.backup_time) return null;
  if (s.backup_frequency === 'weekly' && p.weekday !== 'Sun') return null;
  if (s.backup_frequency === 'monthly' && p.day !== '01') return null;
  return `${s.backup_frequency}@${p.year}-${p.month}-${p.day}T${s.backup_time}`;
}

export function nextRun(s: BackupSettings, after: Date): Date | null {
  if (!s.auto_backup_enabled) return null;
  return new Cron(cronPattern(s), { timezone: BACKUP_TIME_ZONE, paused: true }).nextRun(after);
}
