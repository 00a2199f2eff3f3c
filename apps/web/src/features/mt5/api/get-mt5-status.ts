import { useQuery } from '@tanstack/react-query';
import { Mt5StatusSchema } from '@vortex/core';
import type { z } from 'zod';
import { apiJson, NetworkError } from '../../../lib/api-client';
import { mt5Texts as t } from '../messages';
import { MT5_POLL_MS, mt5Keys } from './mt5-keys';

export type Mt5Status = z.infer<typeof Mt5StatusSchema>;

/** GET the caller's own status; a network failure reads as one pt-BR sentence. */
export async function fetchMt5Status(signal: AbortSignal): Promise<Mt5Status> {
  try {
    return await apiJson('/api/mt5/status', Mt5StatusSchema, { signal });
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(t.connectionError);
    throw error;
  }
}

/** GET /api/mt5/status: is the agent connected, is MT5 logged in, on which account. */
export function useMt5Status() {
  return useQuery({
    queryKey: mt5Keys.status,
    queryFn: ({ signal }) => fetchMt5Status(signal),
    refetchInterval: MT5_POLL_MS,
    retry: false,
  });
}
