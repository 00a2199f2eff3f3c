import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@vortex/core';
import { periodBounds, periodKey, type Period } from '../../../components/period/period';
import { callEndpoint } from '../../../lib/api-client';

export const allAccountsKeys = {
  all: ['all-accounts'] as const,
  view: (period: Period, currency: string | null) =>
    ['all-accounts', periodKey(period), currency] as const,
};

/**
 * GET /api/accounts/all over the period, with the period's bounds exactly as Estatísticas asks
 * for them (periodBounds), so each account's figures are that screen's; no currency: the
 * current account's.
 */
export function useAllAccounts(period: Period, currency: string | null) {
  return useQuery({
    queryKey: allAccountsKeys.view(period, currency),
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(endpoints.accounts.all, {
        query: { ...periodBounds(period, Date.now()), currency: currency ?? undefined },
        signal,
      });
      return answer.data;
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}
