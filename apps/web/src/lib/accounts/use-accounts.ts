import { endpoints, type AccountSummary } from '@vortex/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';

// The trader's MT5 accounts and the one every trading screen reads (issue 16). Shared: the
// layout's switcher and the /reports import both choose an account.

export const accountsKey = ['accounts'] as const;

export function useAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => callEndpoint(endpoints.accounts.list, { signal }),
    select: (r) => r.data,
    staleTime: 30_000,
  });
}

/** The account the screens show, when the trader has one. */
export function useCurrentAccount(): AccountSummary | undefined {
  const { data } = useAccounts();
  return data?.accounts.find((a) => a.id === data.current_id);
}

/** Switches every trading screen to the account: everything read before is read again. */
export function useChooseAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accountId: number) =>
      callEndpoint(endpoints.accounts.choose, { body: { account_id: accountId } }),
    onSuccess: async (answer) => {
      client.setQueryData(accountsKey, answer);
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== accountsKey[0] });
    },
  });
}
