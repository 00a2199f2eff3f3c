import { zoneClock } from '../trading/zone-clock.js';
import { nextB3SessionDay } from '../calendar/b3-calendar.js';

/** The one place that says which mini-index (WIN) series trades on a day. */

// CME/B3 month codes, January first; WIN lists only the even months (G J M Q V Z).
const MONTH_CODES = 'FGHJKMNQUVXZ';
const B3_ZONE = 'America/Sao_Paulo';

/** The Wednesday closest to the 15th of a month, as its day of the month (holidays ignored). */
export function wednesdayNearest15(year: number, month: number): number {
  const weekday = new Date(Date.UTC(year, month - 1, 15)).getUTCDay();
  let delta = 3 - weekday;
  if (delta < -3) delta += 7;
  return 15 + delta;
}

/**
 * WIN's expiry in a month, 'YYYY-MM-DD': the Wednesday closest to the 15th, or the next B3
 * session when there is none that day (B3's contract specification for the Mini Ibovespa future).
 */
export function winExpiryDate(year: number, month: number): string {
  const day = wednesdayNearest15(year, month);
  const wednesday = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return nextB3SessionDay(wednesday);
}

export interface WinSeries {
  readonly symbol: string;
  /** Its expiry, 'YYYY-MM-DD' in São Paulo: the last day it is the current series. */
  readonly expiry: string;
}

/** The WIN symbol of an even month, e.g. (2026, 12) -> WINZ26. */
export function winSymbolOf(year: number, month: number): string {
  return `WIN${MONTH_CODES.charAt(month - 1)}${String(year % 100).padStart(2, '0')}`;
}

/**
 * The current WIN series on an instant, read in São Paulo: the nearest even month whose expiry
 * has not passed. It stays current through its expiry day and rolls the day after, e.g.
 * 2025-12-17 -> WINZ25, 2025-12-18 -> WING26.
 */
export function currentWinSeries(at: Date | number): WinSeries {
  const utcMs = typeof at === 'number' ? at : at.getTime();
  const today = new Date(zoneClock(B3_ZONE).localDay(utcMs) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  if (month % 2 === 1) month += 1;
  for (;;) {
    if (month > 12) {
      month -= 12;
      year += 1;
    }
    const expiry = winExpiryDate(year, month);
    if (today <= expiry) return { symbol: winSymbolOf(year, month), expiry };
    month += 2;
  }
}

/** The current WIN symbol on an instant (see `currentWinSeries`). */
export function currentWinSymbol(at: Date | number): string {
  return currentWinSeries(at).symbol;
}
