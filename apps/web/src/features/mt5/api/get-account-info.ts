import { useQuery } from '@tanstack/react-query';
import { endpoints, type Mt5AccountInfoSchema } from '@vortex/core';
import type { z } from 'zod';
import { callEndpoint, NetworkError } from '../../../lib/api-client';
import { mt5Texts as t } from '../messages';
import { MT5_POLL_MS, mt5Keys } from './mt5-keys';

export type Mt5Account = NonNullable<z.infer<typeof Mt5AccountInfoSchema>['account']>;

/** GET /mt5/account_info: the last account snapshot the agent sent, or null before any. */
export async function fetchAccountInfo(signal: AbortSignal): Promise<Mt5Account | null> {
  try {
    const body = await callEndpoint(endpoints.mt5.accountInfo, { signal });
    return body.account;
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(t.connectionError);
    throw error;
  }
}

export function useAccountInfo() {
  return useQuery({
    queryKey: mt5Keys.account,
    queryFn: ({ signal }) => fetchAccountInfo(signal),
    refetchInterval: MT5_POLL_MS,
    retry: false,
  });
}
