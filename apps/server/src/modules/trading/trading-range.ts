import {
  DEFAULT_TIME_ZONE,
  lastDaysWindow,
  localDateKey as zoneDateKey,
  localDayStart,
  MS_PER_DAY,
  REPORT_RANGE_DAYS,
  toEpochMs,
  type ReportRange,
} from '@vortex/core';
import { HttpError } from '../../http/http-error.js';
import { tradingApiMessages as msg } from './trading.messages.js';

/** A closed interval of epoch ms: from <= t <= to. */
export interface TimeRange {
  from: number;
  to: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date-time carries its offset: without one its instant would depend on this server's zone.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/i;
const EPOCH = /^\d{1,13}(?:\.\d{1,6})?$/;
// Year 2286 in ms: beyond it toEpochMs would read seconds anyway.
const MAX_MS = 1e13;

/** A day the calendar has, from 1970 on (Date.UTC would read the year 99 as 1999). */
function isDay(year: number, month: number, day: number): boolean {
  const check = new Date(Date.UTC(year, month - 1, day));
  return year >= 1970 && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/** Epoch ms of an ISO 8601 date-time with its offset, checked field by field; else null. */
function dateTimeMs(m: RegExpExecArray): number | null {
  const n = (i: number) => Number(m[i] ?? 0);
  const [year, month, day, hour, minute, second] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  const [offsetH, offsetM] = [n(9), n(10)];
  if (!isDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  if (offsetH > 23 || offsetM > 59) return null;
  const fraction = Number(`0.${m[7] ?? '0'}`) * 1000;
  const offset = (m[8] === '-' ? -1 : 1) * (offsetH * 60 + offsetM) * 60_000;
  return Math.floor(Date.UTC(year, month - 1, day, hour, minute, second) + fraction - offset);
}

/** UTC instant of local midnight starting the calendar day y-m-d in the traders' zone. */
export function localMidnight(year: number, month: number, day: number): number {
  // Date.UTC carries an overflowing day into the next month, as callers rely on.
  return localDayStart(Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY), DEFAULT_TIME_ZONE);
}

/** 'YYYY-MM-DD' of the local calendar day holding `ms`. */
export function localDateKey(ms: number): string {
  return zoneDateKey(ms, DEFAULT_TIME_ZONE);
}

/**
 * A query's date as epoch ms, read strictly (nothing like Date.parse's guesses: 'hello 99' is
 * no date): an ISO 8601 date-time with its offset (Z or ±hh:mm), or epoch seconds or ms as
 * digits, as given; a bare ISO date is a local (São Paulo) calendar day, taken from its first
 * instant or, as an end, through its last (23:59:59.999), so an end date includes its whole day.
 * null when it is none of these, or before 1970 or after 2286.
 */
export function parseQueryDate(given: string, as: 'start' | 'end'): number | null {
  const text = given.trim();
  const date = DATE_ONLY.exec(text);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!isDay(year, month, day)) return null;
    return as === 'start'
      ? localMidnight(year, month, day)
      : localMidnight(year, month, day + 1) - 1;
  }
  const dateTime = DATE_TIME.exec(text);
  const ms = dateTime ? dateTimeMs(dateTime) : EPOCH.test(text) ? toEpochMs(Number(text)) : null;
  return ms !== null && ms >= 0 && ms <= MAX_MS ? Math.floor(ms) : null;
}

/**
 * The range of a query: start/end when given, else the last `days` (calendar days in São
 * Paulo, the end's day included: 1 = that day), else the last `defaultDays`, all through core's
 * one lastDaysWindow so every screen reads "last N days" alike. 400 in pt-BR when unusable.
 */
export function resolveRange(
  query: { start?: string | undefined; end?: string | undefined; days?: number | undefined },
  defaultDays: number,
  now = Date.now(),
): TimeRange {
  const to = query.end === undefined ? now : parseQueryDate(query.end, 'end');
  if (to === null) throw new HttpError(400, msg.invalidEnd);
  let from: number | null;
  if (query.start !== undefined) from = parseQueryDate(query.start, 'start');
  else from = Math.max(0, lastDaysWindow(query.days ?? defaultDays, to).from);
  if (from === null) throw new HttpError(400, msg.invalidStart);
  if (from > to) throw new HttpError(400, msg.startAfterEnd);
  return { from, to };
}

/** A named report range, or a custom one given by its ends (either replaces the name). */
export interface PeriodQuery {
  range: ReportRange;
  start?: string | undefined;
  end?: string | undefined;
}

/**
 * The period of a report or a statement: a custom 'De / Até' when either end is given (a
 * missing start is the history's beginning, a missing end now), 'all' the whole history up to
 * now, else the range's last N São Paulo calendar days. Any length is accepted; an unreadable
 * or inverted custom period is a 400 in pt-BR, as for resolveRange.
 */
export function resolvePeriod(query: PeriodQuery, now = Date.now()): TimeRange {
  if (query.start !== undefined || query.end !== undefined) {
    return resolveRange({ start: query.start ?? '0', end: query.end }, 1, now);
  }
  if (query.range === 'all') return { from: 0, to: now };
  return lastDaysWindow(REPORT_RANGE_DAYS[query.range], now);
}

/** The local calendar day holding `now`, from its midnight to `now`. */
export function todayRange(now = Date.now()): TimeRange {
  return lastDaysWindow(1, now);
}
