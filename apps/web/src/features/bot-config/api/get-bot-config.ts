import { endpoints, type BotConfig } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { botConfigKeys } from './bot-config-keys';

/** GET /bot/config: the caller's own configuration (the server answers defaults until saved). */
export async function fetchBotConfig(): Promise<BotConfig> {
  return (await callEndpoint(endpoints.bot.config)).config;
}

export function useBotConfig() {
  // The screen edits a copy taken once; a background refetch must not overwrite typing.
  return useQuery({ queryKey: botConfigKeys.all, queryFn: fetchBotConfig, staleTime: Infinity });
}
