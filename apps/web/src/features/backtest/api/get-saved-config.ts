import { endpoints, type BotConfig } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

// The same key as the settings screen's query: a save there refreshes what the backtest runs.
export const savedConfigKey = ['bot', 'config'] as const;

/** GET /bot/config: the caller's saved configuration (defaults until the first save). */
export async function fetchSavedConfig(): Promise<BotConfig> {
  return (await callEndpoint(endpoints.bot.config)).config;
}

export function useSavedConfig() {
  return useQuery({ queryKey: savedConfigKey, queryFn: fetchSavedConfig, staleTime: Infinity });
}
