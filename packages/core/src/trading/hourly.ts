import { DEFAULT_TIME_ZONE, HOURLY_FIRST_HOUR, HOURLY_LAST_HOUR } from './constants.js';
import { netProfitOf, type PositionLike } from './position.js';
import { zoneClock } from './zone-clock.js';

export interface HourlyPoint {
  /** Local (São Paulo) hour of the close, 9–18; 18 holds 18:00–18:59, the session's end. */
  hour: number;
  /** Net of the hour; `pnl` is the same figure under the name some charts read. */
  net: number;
  pnl: number;
  trades: number;
}

export interface HourlyOptions {
  timeZone?: string;
}

/**
 * The dashboard's performance by hour of close, in the exchange's local time: hours 9 to 18,
 * every hour present even if empty. The caller picks the window (the dashboard's last 7 days).
 */
export function hourlyBreakdown(
  positions: readonly Pick<PositionLike, 'profit' | 'commission' | 'fee' | 'swap' | 'close_time'>[],
  options: HourlyOptions = {},
): HourlyPoint[] {
  const clock = zoneClock(options.timeZone ?? DEFAULT_TIME_ZONE);
  const points: HourlyPoint[] = [];
  for (let hour = HOURLY_FIRST_HOUR; hour <= HOURLY_LAST_HOUR; hour++) {
    points.push({ hour, net: 0, pnl: 0, trades: 0 });
  }
  for (const position of positions) {
    const point = points[clock.localHour(position.close_time) - HOURLY_FIRST_HOUR];
    if (!point) continue;
    point.net += netProfitOf(position);
    point.pnl = point.net;
    point.trades++;
  }
  return points;
}
