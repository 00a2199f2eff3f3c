import { endpoints } from '@vortex/core';
import { callEndpoint } from '../../../lib/api-client';

export type BotAction = 'start' | 'stop';

/** POST /api/bot/start or /api/bot/stop: the server's pt-BR message. */
export async function controlBot(action: BotAction): Promise<string> {
  const res = await callEndpoint(endpoints.bot[action]);
  return res.message;
}

/** POST /api/bot/entries: pauses (or resumes) the running bot's entries. */
export async function setBotEntriesPaused(paused: boolean): Promise<string> {
  const res = await callEndpoint(endpoints.bot.entries, { body: { paused } });
  return res.message;
}

/** POST /api/bot/close-all: closes every open position of the account at market. */
export async function closeAllPositions(): Promise<string> {
  const res = await callEndpoint(endpoints.bot.closeAll);
  return res.message;
}
