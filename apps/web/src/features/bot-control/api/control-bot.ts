import { BotControlResponseSchema } from '@vortex/core';
import { apiJson } from '../../../lib/api-client';

export type BotAction = 'start' | 'stop';

/** POST /api/bot/start or /api/bot/stop: the server's pt-BR message. */
export async function controlBot(action: BotAction): Promise<string> {
  const res = await apiJson(`/api/bot/${action}`, BotControlResponseSchema, { method: 'POST' });
  return res.message;
}
