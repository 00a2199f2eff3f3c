import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DashboardStatsResponseSchema, endpoints } from '@vortex/core';
import {
  callEndpoint,
  NetworkError,
  requestEndpoint,
  serverErrorOf,
} from '../../../lib/api-client';
import { periodBounds, periodKey, type Period } from '../../../components/period/period';
import { statisticsTexts as t } from '../messages';
import { topMagics } from '../utils/period';

/** §7: /dashboard/stats answers are cached 4 s client-side. */
const STATS_CACHE_MS = 4_000;
/** The magic options come from the period's trades, as many as GET /bridge/trades serves. */
const MAGIC_SAMPLE_LIMIT = 6000;

export const statisticsKeys = {
  all: ['statistics'] as const,
  stats: (period: Period, magic: number | null) =>
    ['statistics', 'stats', periodKey(period), magic] as const,
  magics: (period: Period) => ['statistics', 'magics', periodKey(period)] as const,
};

/** A failed load, its message already in §8's words. */
export class StatisticsError extends Error {
  override name = 'StatisticsError';
}

/**
 * §8: the server's own failure reads 'MT5 Real Data Error: …', a failure without a reason
 * 'HTTP {status}', and no answer at all 'Erro de conexão: …'.
 */
export async function fetchStatistics(period: Period, magic: number | null, signal?: AbortSignal) {
  // The server reads the last `days` calendar days, as every screen; or the custom days, or
  // everything from the history's start. No magic is all of them.
  const range = period.kind === 'days' ? { days: period.days } : periodBounds(period, Date.now());
  let res;
  try {
    res = await requestEndpoint(endpoints.trading.stats, {
      query: { ...range, magic: magic ?? undefined },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof NetworkError) throw new StatisticsError(t.connectionError(error.message));
    throw error;
  }
  const reason = serverErrorOf(res);
  if (!res.ok) throw new StatisticsError(reason ? t.realDataError(reason) : t.http(res.status));
  const parsed = DashboardStatsResponseSchema.safeParse(res.data);
  if (!parsed.success) throw new StatisticsError(t.realDataError(reason ?? t.invalidAnswer));
  return parsed.data.data;
}

/** GET /dashboard/stats for the period, of one magic or all; none while the period is unknown. */
export function useStatistics(period: Period | null, magic: number | null) {
  const asked = period ?? { kind: 'all' };
  return useQuery({
    queryKey: statisticsKeys.stats(asked, magic),
    queryFn: ({ signal }) => fetchStatistics(asked, magic, signal),
    enabled: period !== null,
    staleTime: STATS_CACHE_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The 5 most frequent magics among the period's closed trades; none when that call fails. */
export function useMagicOptions(period: Period | null) {
  const asked = period ?? { kind: 'all' };
  const query = useQuery({
    queryKey: statisticsKeys.magics(asked),
    enabled: period !== null,
    queryFn: async ({ signal }) => {
      const { start, end } = periodBounds(asked, Date.now());
      const answer = await callEndpoint(endpoints.trading.trades, {
        query: { limit: MAGIC_SAMPLE_LIMIT, start_date: start, end_date: end },
        signal,
      });
      return topMagics(answer.trades.map((trade) => trade.magic));
    },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return query.data ?? [];
}
