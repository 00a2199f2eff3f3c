import { DEFAULT_TIME_ZONE, HOURLY_FIRST_HOUR, HOURLY_LAST_HOUR } from './constants.js';
import { netProfitOf, type PositionLike } from './position.js';
import { zoneClock } from './zone-clock.js';

export interface HourlyPoint {
  /** Local (São Paulo) hour of the close, 9–18 on B3 (0–23 around the clock); 18 holds 18:00–18:59. */
  hour: number;
  /** Net of the hour; `pnl` is the same figure under the name some charts read. */
  net: number;
  pnl: number;
  trades: number;
}

export interface HourlyOptions {
  timeZone?: string;
  /** The hours shown (both included): hoursShown(the account's currency); B3's 9–18 by default. */
  hours?: HourSpan;
}

export interface HourSpan {
  first: number;
  last: number;
}

/**
 * Which São Paulo hours the hourly tables show for an account (issue 26): a B3 account in reais
 * trades 9:00–18:25, so hours 9 to 18 (trading.md); a forex or CFD account, in any other
 * currency, trades around the clock, so all 24 hours, or 21 of 79 trades went missing.
 */
export function hoursShown(currency: string): HourSpan {
  return currency.trim().toUpperCase() === 'BRL'
    ? { first: HOURLY_FIRST_HOUR, last: HOURLY_LAST_HOUR }
    : { first: 0, last: 23 };
}

/**
 * The dashboard's performance by hour of close, in the exchange's local time: hours 9 to 18 (or
 * the account's `hours`), every hour present even if empty. The caller picks the window (the dashboard's last 7 days).
 */
export function hourlyBreakdown(
  positions: readonly Pick<PositionLike, 'profit' | 'commission' | 'fee' | 'swap' | 'close_time'>[],
  options: HourlyOptions = {},
): HourlyPoint[] {
  const clock = zoneClock(options.timeZone ?? DEFAULT_TIME_ZONE);
  const { first, last } = options.hours ?? hoursShown('BRL');
  const points: HourlyPoint[] = [];
  for (let hour = first; hour <= last; hour++) {
    points.push({ hour, net: 0, pnl: 0, trades: 0 });
  }
  for (const position of positions) {
    const point = points[clock.localHour(position.close_time) - first];
    if (!point) continue;
    point.net += netProfitOf(position);
    point.pnl = point.net;
    point.trades++;
  }
  return points;
}
