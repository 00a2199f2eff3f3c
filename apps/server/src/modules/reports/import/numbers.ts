import { AGENT_LIMITS } from '@vortex/core';

// MT5 writes numbers with space (or NBSP) thousands and a dot decimal ("-2 351.16"), sometimes a
// typographic minus (&minus;), composites "9 (4 062.95)" / "7.62% (16 518.16)", and XLSX numeric
// cells with 6 decimals ("-475.210000"). Nothing here is locale-dependent.

/** A number needing no cleaning; a subset of what the general path accepts. */
const PLAIN = /^-?\d+(?:\.\d*)?$/;

/** The number in `text`, or null when the cell is empty or not a number. */
export function parseNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  // most cells are plain "-1234.56": one test instead of three replaces and a test
  if (PLAIN.test(text)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : null;
  }
  const cleaned = text
    .replace(/[\s\u00a0\u202f\u2009]/g, '')
    .replace(/\u2212/g, '-')
    .replace(/%$/, '');
  if (cleaned === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  // "1e400" is written like a number but is none: it reads as Infinity
  return Number.isFinite(value) ? value : null;
}

/** "16 518.16 (7.62%)" -> [16518.16, 7.62]; "202" -> [202, null]. */
export function parseComposite(text: string | undefined): [number | null, number | null] {
  if (text === undefined) return [null, null];
  const open = text.indexOf('(');
  if (open < 0) return [parseNumber(text), null];
  const close = text.lastIndexOf(')');
  return [
    parseNumber(text.slice(0, open)),
    parseNumber(text.slice(open + 1, close > open ? close : undefined)),
  ];
}

/** "2041:00:31" (hours may exceed 24) -> seconds. */
export function parseDuration(text: string | undefined): number | null {
  const parts = text?.trim().split(':') ?? [];
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [h, m, s] = parts.map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

/** "0.3 / 0" -> [0.3, 0] (requested, filled). */
export function parseVolumePair(text: string | undefined): [number | null, number | null] {
  if (text === undefined) return [null, null];
  const slash = text.indexOf('/');
  if (slash < 0) {
    const v = parseNumber(text);
    return [v, v];
  }
  return [parseNumber(text.slice(0, slash)), parseNumber(text.slice(slash + 1))];
}

const TIME = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Years the agent's times may fall in: from the epoch to the end of AGENT_LIMITS.epochMs. */
export const YEARS = {
  first: 1970,
  last: new Date(AGENT_LIMITS.epochMs - 1).getUTCFullYear(),
} as const;

/** The shape of a time cell; the date itself may still not exist (see readWallClock). */
export function isTimeText(text: string | undefined): text is string {
  return text !== undefined && TIME.test(text);
}

export type WallClock = { ms: number } | { problem: 'format' | 'impossible' | 'range' };

/**
 * The wall clock written by the terminal, as epoch ms read as if it were UTC (see the schema).
 * Strict: Date.UTC would carry 2026.02.30 into March and 25:61 into the next day.
 */
export function readWallClock(text: string): WallClock {
  const m = TIME.exec(text);
  if (!m) return { problem: 'format' };
  // the seconds are optional: a missing group is undefined, not ''
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const h = Number(m[4]);
  const mi = Number(m[5]);
  const s = Number(m[6] ?? 0);
  // before Date.UTC, which reads years 0-99 as 1900-1999
  if (y < YEARS.first || y > YEARS.last) return { problem: 'range' };
  // the day must exist in its month (Date.UTC would carry 02.30 into March): checked by arithmetic,
  // not by building a Date back from the ms, once per time cell of a large report
  const exists = mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) && h < 24 && mi < 60 && s < 60;
  return exists ? { ms: Date.UTC(y, mo - 1, d, h, mi, s) } : { problem: 'impossible' };
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in month `mo` (1-12) of year `y`, Gregorian. */
function daysIn(y: number, mo: number): number {
  if (mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) return 29;
  return DAYS[mo - 1] ?? 0;
}

/** readWallClock's ms, or null for any time that is not one the agent could report. */
export function wallClockMs(text: string): number | null {
  const read = readWallClock(text);
  return 'ms' in read ? read.ms : null;
}
