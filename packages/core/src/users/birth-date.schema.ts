import { z } from 'zod';
import { registerMessages as m } from '../auth/auth-messages.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Earlier is a typo, not a trader; and PostgreSQL has no year 0 to store. */
export const BIRTH_DATE_MIN = '1900-01-01';

/** Today as AAAA-MM-DD; a parameter so tests can pin the clock. */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** AAAA-MM-DD naming a day the calendar has (no 2020-13-45, no 2023-02-29). */
export function isCalendarDate(v: string): boolean {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * A birth date, the same on registration and on every edit: a real calendar day from 1900 up
 * to today, as AAAA-MM-DD.
 */
export const BirthDateSchema = z
  .string({ error: m.birthDateRequired })
  .trim()
  .min(1, m.birthDateRequired)
  .refine((v) => isCalendarDate(v) && v >= BIRTH_DATE_MIN, {
    message: m.birthDateInvalid,
    abort: true,
  })
  .refine((v) => v <= todayIso(), m.birthDateFuture);

/** On an edit the date may be cleared: '' and null both store none. */
export const OptionalBirthDateSchema = z
  .string()
  .trim()
  .transform((v) => v || null)
  .pipe(BirthDateSchema.nullable())
  .nullable();
