import { endpoints, SaveBotConfigResponseSchema, type BotConfig } from '@vortex/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NetworkError, requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { botConfigTexts as t } from '../messages';
import { botConfigKeys } from './bot-config-keys';

/** A failed save, already worded as the notice trading.md §8 shows. */
export class SaveBotConfigError extends Error {
  override name = 'SaveBotConfigError';
}

/** POST /bot/config with the full configuration. */
export async function saveBotConfig(config: BotConfig): Promise<void> {
  let res;
  try {
    res = await requestEndpoint(endpoints.bot.saveConfig, { body: config });
  } catch (err) {
    if (err instanceof NetworkError) throw new SaveBotConfigError(t.notices.networkError);
    throw err;
  }
  if (!res.ok || !SaveBotConfigResponseSchema.safeParse(res.data).success) {
    throw new SaveBotConfigError(t.notices.saveError(serverErrorOf(res)));
  }
}

export function useSaveBotConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBotConfig,
    onSuccess: (_void, config) => {
      queryClient.setQueryData(botConfigKeys.all, config);
    },
  });
}
