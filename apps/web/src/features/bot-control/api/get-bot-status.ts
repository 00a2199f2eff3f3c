import { useQuery } from '@tanstack/react-query';
import { endpoints, type BotStatusResponse } from '@vortex/core';
import { callEndpoint, NetworkError } from '../../../lib/api-client';
import { usePollWhileLiveDown } from '../../../lib/live';
import { botControlTexts as t } from '../messages';
import { BOT_STATUS_POLL_MS, botControlKeys } from './bot-control-keys';

export type BotStatus = BotStatusResponse['status'];

export async function fetchBotStatus(signal?: AbortSignal): Promise<BotStatus> {
  try {
    const res = await callEndpoint(endpoints.bot.status, signal ? { signal } : {});
    return res.status;
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(t.errors.connection);
    throw error;
  }
}

/** GET /bot/status: 'bot_status' events refresh it; polled every 5 s only while live is down. */
export function useBotStatus() {
  const pollMs = usePollWhileLiveDown(BOT_STATUS_POLL_MS);
  return useQuery({
    queryKey: botControlKeys.status,
    queryFn: ({ signal }) => fetchBotStatus(signal),
    refetchInterval: pollMs,
    retry: false,
  });
}
