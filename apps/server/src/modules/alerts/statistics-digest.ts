import { Cron } from 'croner';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatDatePtBR,
  isB3SessionDay,
  isoDay,
  statisticsAlert,
  weekdayOf,
  type AlertFrequency,
} from '@vortex/core';
import type { FastifyBaseLogger } from 'fastify';
import { OutageLog } from '../../lib/outage-log.js';
import {
  positionsOfUser,
  statisticsOf,
  type TradingReadDeps,
} from '../trading/statistics.service.js';
import { localDateKey, localMidnight, type TimeRange } from '../trading/trading-range.js';
import type { AlertDispatcher } from './alert-dispatcher.js';
import { alertsConfigOf } from './alerts-config.service.js';
import { digestUserIds } from './alerts.repo.js';

/** After B3's session closes (18:25 for WIN), São Paulo time; `digestPeriod` says which are due. */
export const DIGEST_CRON = '30 18 * * *';

export interface DigestPeriod {
  range: TimeRange;
  /** What the alert names, e.g. '23/11/2026' or '17/11/2026 a 23/11/2026'. */
  label: string;
  /** The local day it is for: a digest is sent once per user, frequency and day. */
  day: string;
}

/** Whether `day` is a B3 session day and no other follows it up to `until` ('YYYY-MM-DD'). */
function isLastSessionBy(day: string, until: string): boolean {
  if (!isB3SessionDay(day)) return false;
  for (let at = addDays(day, 1); at <= until; at = addDays(at, 1)) {
    if (isB3SessionDay(at)) return false;
  }
  return true;
}

/** The last session day of the week before `day`'s (its Friday or earlier). */
function previousWeeksLastSession(day: string): string {
  let at = addDays(day, -weekdayOf(day) - 2);
  while (!isB3SessionDay(at)) at = addDays(at, -1);
  return at;
}

/**
 * The period a digest sent at `now` covers, or undefined when that frequency is not due today.
 * Digests follow B3's sessions: daily on each session day, covering it; weekly on the week's
 * last session day (Thursday when Friday is a holiday), from the day after the previous week's
 * digest; monthly on the month's last session day, the month so far.
 */
export function digestPeriod(frequency: AlertFrequency, now: number): DigestPeriod | undefined {
  const day = localDateKey(now);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  let from: number;
  if (frequency === 'daily') {
    if (!isB3SessionDay(day)) return undefined;
    from = localMidnight(y, m, d);
  } else if (frequency === 'weekly') {
    // Session days are weekdays: the week's Friday is 5 minus the weekday away.
    if (!isLastSessionBy(day, addDays(day, 5 - weekdayOf(day)))) return undefined;
    // From the day after the previous week's digest: weeks neither overlap nor leave a gap.
    const [py, pm, pd] = addDays(previousWeeksLastSession(day), 1).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    from = localMidnight(py, pm, pd);
  } else {
    if (!isLastSessionBy(day, isoDay(y, m + 1, 0))) return undefined;
    from = localMidnight(y, m, 1);
  }
  const label =
    frequency === 'daily'
      ? formatDatePtBR(now)
      : `${formatDatePtBR(from)} a ${formatDatePtBR(now)}`;
  return { range: { from, to: now }, label, day };
}

export interface DigestDeps extends TradingReadDeps {
  dispatcher: AlertDispatcher;
  log: FastifyBaseLogger;
}

/** Raises each due digest of every active trader with trades in its period; how many. */
export async function sendStatisticsDigests(deps: DigestDeps, now: number): Promise<number> {
  let sent = 0;
  for (const userId of await digestUserIds(deps.pool)) {
    try {
      const config = await alertsConfigOf(deps.pool, userId);
      if (!config.alertTypes.statistics.enabled) continue;
      const period = digestPeriod(config.statisticsFrequency, now);
      if (!period) continue;
      const { account, positions } = await positionsOfUser(deps, userId, period.range);
      // A period without trades is no news.
      if (positions.length === 0) continue;
      const alert = statisticsAlert(
        statisticsOf(positions),
        config.statisticsFrequency,
        period.label,
        account?.currency,
      );
      const key = `statistics:${userId}:${config.statisticsFrequency}:${period.day}`;
      if ((await deps.dispatcher.raise(userId, alert, key)) !== undefined) sent++;
    } catch (err) {
      deps.log.warn({ err, userId }, 'statistics digest not sent');
    }
  }
  return sent;
}

/** Every instance schedules it; the dedupe key lets one send each digest. */
export function scheduleStatisticsDigests(deps: DigestDeps): () => void {
  const outage = new OutageLog(deps.log, 'statistics digests not sent');
  // croner does not catch what its job rejects: a database away would end the process.
  const job = new Cron(DIGEST_CRON, { timezone: DEFAULT_TIME_ZONE, protect: true }, async () => {
    await sendStatisticsDigests(deps, Date.now()).then(
      () => outage.succeeded(),
      (err: unknown) => outage.failed(err),
    );
  });
  return () => job.stop();
}
