import { endpoints, type HistorySpan } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';

/** Shared by the trading screens; switching accounts invalidates it with everything else. */
export const historySpanKey = ['history-span'] as const;

/**
 * When the current account's deals begin and end. `settled` once answered or failed: a screen
 * waits for it before its first request, so an old account never opens on an empty month.
 * `enabled` false (a screen that needs no span for this account) asks nothing and is settled.
 */
export function useHistorySpan(enabled = true): {
  span: HistorySpan | undefined;
  settled: boolean;
} {
  const query = useQuery({
    enabled,
    queryKey: historySpanKey,
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(endpoints.trading.historySpan, { signal });
      return { first_deal_at: answer.first_deal_at, last_deal_at: answer.last_deal_at };
    },
    staleTime: 60_000,
    retry: false,
  });
  return { span: query.data, settled: !enabled || !query.isPending };
}
