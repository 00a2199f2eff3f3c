import { isB3Holiday } from '../calendar/b3-calendar.js';
import { MS_PER_DAY, MS_PER_MINUTE } from '../trading/constants.js';
import { zoneClock, type ZoneClock } from '../trading/zone-clock.js';

/** Trading hours of one market, in local minutes since midnight. */
export interface SessionHours {
  readonly timeZone: string;
  readonly openMinute: number;
  readonly closeMinute: number;
  /** Hook for exchange holidays, given 'YYYY-MM-DD' of the local day. */
  readonly isHoliday?: (day: string) => boolean;
}

/** WIN's regular session: 09:00–18:25 in São Paulo, on B3's session days. */
export const WIN_SESSION: SessionHours = {
  timeZone: 'America/Sao_Paulo',
  openMinute: 9 * 60,
  closeMinute: 18 * 60 + 25,
  isHoliday: isB3Holiday,
};

/** One trading day: local day number and the [open, close) instants in epoch ms. */
export interface Session {
  readonly day: number;
  readonly open: number;
  readonly close: number;
}

// Guards loops against a holiday hook that closes every day.
const MAX_SEARCH_DAYS = 3660;

/** Which instants the market is open, on weekdays that are not holidays. */
export class SessionCalendar {
  private readonly clock: ZoneClock;
  private readonly sessions = new Map<number, Session>();

  constructor(readonly hours: SessionHours = WIN_SESSION) {
    this.clock = zoneClock(hours.timeZone);
  }

  /** Days since 1970-01-01 on the local calendar. */
  localDay(utcMs: number): number {
    return this.clock.localDay(utcMs);
  }

  /** Minutes since local midnight (fractional). */
  localMinute(utcMs: number): number {
    const local = utcMs + this.clock.offsetAt(utcMs);
    return (local - Math.floor(local / MS_PER_DAY) * MS_PER_DAY) / MS_PER_MINUTE;
  }

  isTradingDay(day: number): boolean {
    const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
    if (weekday === 0 || weekday === 6) return false;
    const holiday = this.hours.isHoliday;
    return holiday === undefined || !holiday(new Date(day * MS_PER_DAY).toISOString().slice(0, 10));
  }

  /** The hours of a local day, whether or not it trades. */
  sessionOf(day: number): Session {
    let session = this.sessions.get(day);
    if (!session) {
      session = {
        day,
        open: this.toUtc(day, this.hours.openMinute),
        close: this.toUtc(day, this.hours.closeMinute),
      };
      this.sessions.set(day, session);
    }
    return session;
  }

  /** The session open at an instant, or null when the market is closed. */
  sessionAt(utcMs: number): Session | null {
    const day = this.localDay(utcMs);
    if (!this.isTradingDay(day)) return null;
    const session = this.sessionOf(day);
    return utcMs >= session.open && utcMs < session.close ? session : null;
  }

  isOpen(utcMs: number): boolean {
    return this.sessionAt(utcMs) !== null;
  }

  /** The first trading session that has not closed at `utcMs` (the current one if open). */
  nextSession(utcMs: number): Session {
    let day = this.localDay(utcMs);
    for (let i = 0; i < MAX_SEARCH_DAYS; i++, day++) {
      if (!this.isTradingDay(day)) continue;
      const session = this.sessionOf(day);
      if (session.close > utcMs) return session;
    }
    throw new Error('no trading session within ten years');
  }

  /** The trading session `count` trading days back, counting the one that opened by `utcMs`. */
  sessionsBack(utcMs: number, count: number): Session {
    let day = this.localDay(utcMs);
    let found = 0;
    for (let i = 0; i < MAX_SEARCH_DAYS; i++, day--) {
      if (!this.isTradingDay(day)) continue;
      const session = this.sessionOf(day);
      if (session.open > utcMs) continue;
      if (++found >= count) return session;
    }
    throw new Error('no trading session within ten years');
  }

  // Local wall time to UTC; the second pass settles the offset on days the zone changes it.
  private toUtc(day: number, minute: number): number {
    const local = day * MS_PER_DAY + minute * MS_PER_MINUTE;
    const guess = local - this.clock.offsetAt(local);
    return local - this.clock.offsetAt(guess);
  }
}
