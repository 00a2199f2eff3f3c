import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from './constants.js';

/** The offsets of one UTC day [start, end): `before` until `switchAt`, `after` from then on. */
export interface DayOffsets {
  readonly start: number;
  readonly end: number;
  readonly before: number;
  readonly after: number;
  readonly switchAt: number;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** Local time minus UTC in ms at a whole-second instant, via Intl (a few µs: call rarely). */
export function intlOffsetMs(timeZone: string, utcMs: number): number {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of offsetFormat(timeZone).formatToParts(utcMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** 'YYYY-MM-DD' of a local day number (days since 1970-01-01 in local time). */
export function dayKey(localDay: number): string {
  return new Date(localDay * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * Local calendar days and hours of a time zone without calling Intl per row: the offset is
 * probed at both ends of each UTC day touched (two Intl calls) and, when they differ, the
 * transition minute is found by bisection (~11 calls). Assumes at most one offset change per
 * UTC day and changes on whole minutes, which holds for every tz rule in use since 1970.
 */
export class ZoneClock {
  private readonly days = new Map<number, DayOffsets>();
  // The span of the last lookup: sorted input rarely leaves it.
  private last: DayOffsets = { start: 0, end: 0, before: 0, after: 0, switchAt: 0 };

  constructor(readonly timeZone: string) {
    intlOffsetMs(timeZone, 0); // throws RangeError now for an unknown zone
  }

  /** The offsets of the UTC day holding `utcMs`; hot loops keep it and test start/end. */
  daySpan(utcMs: number): DayOffsets {
    if (!(utcMs >= this.last.start && utcMs < this.last.end)) {
      const day = Math.floor(utcMs / MS_PER_DAY);
      this.last = this.days.get(day) ?? this.probe(day);
    }
    return this.last;
  }

  /** Local time minus UTC, in ms, at the instant `utcMs`. */
  offsetAt(utcMs: number): number {
    const span = this.daySpan(utcMs);
    return utcMs < span.switchAt ? span.before : span.after;
  }

  /** Days since 1970-01-01 on the local calendar. */
  localDay(utcMs: number): number {
    return Math.floor((utcMs + this.offsetAt(utcMs)) / MS_PER_DAY);
  }

  /** Local hour of day, 0–23. */
  localHour(utcMs: number): number {
    const local = utcMs + this.offsetAt(utcMs);
    return Math.floor((local - Math.floor(local / MS_PER_DAY) * MS_PER_DAY) / MS_PER_HOUR);
  }

  private probe(day: number): DayOffsets {
    const start = day * MS_PER_DAY;
    let lo = start;
    let hi = start + MS_PER_DAY;
    // Neighbouring days share their boundary instant: reuse a probe already made there.
    const before = this.days.get(day - 1)?.after ?? intlOffsetMs(this.timeZone, lo);
    const after = this.days.get(day + 1)?.before ?? intlOffsetMs(this.timeZone, hi);
    if (before !== after) {
      // Invariant: offset(lo) === before, offset(hi) === after; both stay on whole minutes.
      while (hi - lo > MS_PER_MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MS_PER_MINUTE) * MS_PER_MINUTE;
        if (intlOffsetMs(this.timeZone, mid) === before) lo = mid;
        else hi = mid;
      }
    }
    const end = start + MS_PER_DAY;
    const offsets = { start, end, before, after, switchAt: before === after ? Infinity : hi };
    this.days.set(day, offsets);
    return offsets;
  }
}

const clocks = new Map<string, ZoneClock>();

/** One shared clock per zone: offsets never change, so probes are memoised for the process. */
export function zoneClock(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}
