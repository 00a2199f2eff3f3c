import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, TradesResponseSchema } from '@vortex/core';
import { NetworkError, requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { usePollWhileLiveDown } from '../../../lib/live';
import { tradesTexts as t } from '../messages';
import type { TimeWindow } from '../utils/trades-filters';

/** trading.md §7, §9: up to 6000 closed positions, newest first, polled every 15 s. */
export const TRADES_LIMIT = 6000;
export const TRADES_POLL_MS = 15_000;

export const tradesKeys = {
  all: ['trades'] as const,
  window: (window: TimeWindow) => ['trades', window.from, window.to] as const,
};

/** A failed load, its message for the trader; `retryable` when asking again can help. */
export class TradesError extends Error {
  override name = 'TradesError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** A refusal (4xx) stays one on a second try; a timeout, a limit, a 5xx or no answer may not. */
export function retryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** 'limit=6000&offset=0&start_date=…&end_date=…&order_by=time&order=desc&no_cache=1&_=…'. */
export function tradesQuery(window: TimeWindow, now: number) {
  return {
    limit: TRADES_LIMIT,
    offset: 0,
    start_date: new Date(window.from).toISOString(),
    // The end is exclusive: the last millisecond before the next day starts is the last one asked.
    end_date: window.to !== null ? new Date(window.to - 1).toISOString() : undefined,
    order_by: 'time' as const,
    order: 'desc' as const,
    // §7: no cache, on the server or in between.
    no_cache: '1',
    _: String(now),
  };
}

/**
 * A failed answer shows the server's own reason (else its HTTP status), without §8's internal
 * 'Lambda Error: ' prefix; no answer at all, or one we cannot read, reads 'Erro de conexão: …'.
 */
export async function fetchTrades(window: TimeWindow, signal?: AbortSignal) {
  let res;
  try {
    res = await requestEndpoint(endpoints.trading.trades, {
      query: tradesQuery(window, Date.now()),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof NetworkError) {
      throw new TradesError(t.connectionError(error.message), true);
    }
    throw error;
  }
  if (!res.ok) {
    const reason = serverErrorOf(res);
    throw new TradesError(
      reason ? t.serverError(reason) : t.http(res.status),
      retryableStatus(res.status),
    );
  }
  const parsed = TradesResponseSchema.safeParse(res.data);
  if (!parsed.success) {
    const reason = serverErrorOf(res);
    throw new TradesError(
      reason ? t.serverError(reason) : t.connectionError(t.invalidAnswer),
      true,
    );
  }
  return { ...parsed.data, receivedAt: Date.now() };
}

/** GET /bridge/trades for the window, never for an invalid one; polled while live is down. */
export function useTrades(window: TimeWindow, enabled = true) {
  const pollMs = usePollWhileLiveDown(TRADES_POLL_MS);
  return useQuery({
    queryKey: tradesKeys.window(window),
    queryFn: ({ signal }) => fetchTrades(window, signal),
    enabled,
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
