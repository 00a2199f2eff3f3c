import { endpoints, type Mt5StatusSchema } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, NetworkError } from './api-client';
import { usePollWhileLiveDown } from './live';
import { sharedKeys } from './query-keys';

export type Mt5Status = z.infer<typeof Mt5StatusSchema>;

/** trading.md §9: the MT5 badge is polled every 60 s (while 'bridge_status' events cannot reach it). */
export const MT5_STATUS_POLL_MS = 60_000;
const CONNECTION_ERROR = 'Erro de conexão com o servidor';

/** GET the caller's own status; a network failure reads as one pt-BR sentence. */
export async function fetchMt5Status(signal: AbortSignal): Promise<Mt5Status> {
  try {
    return await callEndpoint(endpoints.mt5.status, { signal });
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(CONNECTION_ERROR);
    throw error;
  }
}

/**
 * GET /api/mt5/status, one cache for every reader (the header badge, the pairing panel, the
 * /mt5 screen): is the agent connected, is MT5 logged in, on which account.
 */
export function useMt5Status() {
  const pollMs = usePollWhileLiveDown(MT5_STATUS_POLL_MS);
  return useQuery({
    queryKey: sharedKeys.mt5Status,
    queryFn: ({ signal }) => fetchMt5Status(signal),
    refetchInterval: pollMs,
    retry: false,
  });
}
