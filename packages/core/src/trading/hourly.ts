import {
  HOURLY_FIRST_HOUR,
  HOURLY_LAST_HOUR,
  HOURLY_WINDOW_HOURS,
  MS_PER_HOUR,
} from './constants.js';
import { netProfitOf, type PositionLike } from './position.js';

export interface HourlyPoint {
  /** UTC hour of the close, 9–18. */
  hour: number;
  /** Net of the hour; `pnl` is the same figure under the name some charts read. */
  net: number;
  pnl: number;
  trades: number;
}

export interface HourlyOptions {
  /** With `now` (epoch ms), only closes in the last `windowHours` count. */
  now?: number;
  windowHours?: number;
}

/** The dashboard's performance by hour: UTC hours 9 to 18, every hour present even if empty. */
export function hourlyBreakdown(
  positions: readonly Pick<PositionLike, 'profit' | 'commission' | 'swap' | 'close_time'>[],
  options: HourlyOptions = {},
): HourlyPoint[] {
  const since =
    options.now === undefined
      ? Number.NEGATIVE_INFINITY
      : options.now - (options.windowHours ?? HOURLY_WINDOW_HOURS) * MS_PER_HOUR;
  const points: HourlyPoint[] = [];
  for (let hour = HOURLY_FIRST_HOUR; hour <= HOURLY_LAST_HOUR; hour++) {
    points.push({ hour, net: 0, pnl: 0, trades: 0 });
  }
  for (const position of positions) {
    if (position.close_time < since) continue;
    const point = points[new Date(position.close_time).getUTCHours() - HOURLY_FIRST_HOUR];
    if (!point) continue;
    point.net += netProfitOf(position);
    point.pnl = point.net;
    point.trades++;
  }
  return points;
}
