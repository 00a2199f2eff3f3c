import type { ReportsSummaryResponseSchema } from './api.schema.js';
import { DEFAULT_TIME_ZONE } from './constants.js';
import { dailyStats } from './daily-stats.js';
import { netProfitOf, type PositionLike } from './position.js';
import { profitFactor } from './profit-factor.js';
import { factorRecord } from './statistics-record.js';
import { zoneClock } from './zone-clock.js';
import type { z } from 'zod';

export type ReportsSummary = z.infer<typeof ReportsSummaryResponseSchema>['data'];

export interface ReportPosition extends PositionLike {
  /** Name of the closing deal's reason (dealReasonName), e.g. SL, TP, EXPERT. */
  exit_reason: string;
}

/**
 * The reports screen's data summary: totals, the 24 local hours of close (the screen shows
 * 9 to 18), positions by exit reason and the net of each local day. Money is net.
 */
export function reportsSummary(
  positions: readonly ReportPosition[],
  timeZone: string = DEFAULT_TIME_ZONE,
): ReportsSummary {
  const clock = zoneClock(timeZone);
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0, pnl: 0, wins: 0 }));
  const exitReasons: Record<string, number> = {};
  let total = 0;
  let wins = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  // Summed in close-time order, as the statistics are: the same trades give the same totals.
  const ordered = [...positions].sort((a, b) => a.close_time - b.close_time);
  for (const position of ordered) {
    const net = netProfitOf(position);
    const bucket = hours[clock.localHour(position.close_time)];
    if (bucket) {
      bucket.count++;
      bucket.pnl += net;
      if (net > 0) bucket.wins++;
    }
    exitReasons[position.exit_reason] = (exitReasons[position.exit_reason] ?? 0) + 1;
    total += net;
    if (net > 0) {
      wins++;
      grossProfit += net;
    } else if (net < 0) grossLoss += net;
  }
  const n = positions.length;
  return {
    summary: {
      total_trades: n,
      win_rate: n > 0 ? (wins / n) * 100 : 0,
      total_pnl: total,
      profit_factor: factorRecord(profitFactor(grossProfit, grossLoss)),
    },
    trades_by_hour: hours.map(({ hour, count, pnl, wins: won }) => ({
      hour,
      count,
      pnl,
      win_rate: count > 0 ? (won / count) * 100 : 0,
    })),
    exit_reasons: exitReasons,
    daily_pnl: dailyStats(positions, timeZone).map((d) => ({ date: d.date, pnl: d.netProfit })),
  };
}
