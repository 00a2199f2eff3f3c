import { BotConfigResponseSchema, SaveBotConfigResponseSchema } from '../bot/api.schema.js';
import { BotConfigSchema } from '../bot/config.schema.js';
import {
  BotControlResponseSchema,
  BotEntriesRequestSchema,
  BotStatusResponseSchema,
} from '../bot/control.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['bot'];
// A viewer reads the bot's state and configuration; changing or running it is for the owners.
const owners = ['admin', 'user', 'trader'] as const;
// A control the bot's state refuses (already running, not running...) answers 409.
const controlErrors = [400, 401, 403, 409];

/**
 * trading.md §7: the caller's own bot configuration, its status, start and stop; and ours:
 * pausing its entries, and closing every open position of the account.
 */
export const botEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: '/bot/config',
    access: 'authenticated',
    tags,
    summary: 'Configuração do bot do usuário (ou a padrão, se nunca salva)',
    response: BotConfigResponseSchema,
  }),
  saveConfig: defineEndpoint({
    method: 'POST',
    path: '/bot/config',
    access: owners,
    tags,
    summary: 'Salva a configuração completa do bot do usuário',
    body: BotConfigSchema,
    response: SaveBotConfigResponseSchema,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/bot/status',
    access: 'authenticated',
    tags,
    summary: 'Estado do bot do usuário',
    response: BotStatusResponseSchema,
    errors: controlErrors,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/bot/start',
    access: owners,
    tags,
    summary: 'Inicia o bot',
    response: BotControlResponseSchema,
    errors: controlErrors,
  }),
  stop: defineEndpoint({
    method: 'POST',
    path: '/api/bot/stop',
    access: owners,
    tags,
    summary: 'Para o bot',
    response: BotControlResponseSchema,
    errors: controlErrors,
  }),
  entries: defineEndpoint({
    method: 'POST',
    path: '/api/bot/entries',
    access: owners,
    tags,
    summary: 'Pausa ou retoma as entradas do bot (as posições abertas seguem geridas)',
    body: BotEntriesRequestSchema,
    response: BotControlResponseSchema,
    errors: controlErrors,
  }),
  closeAll: defineEndpoint({
    method: 'POST',
    path: '/api/bot/close-all',
    access: owners,
    tags,
    summary: 'Fecha a mercado todas as posições abertas da conta',
    response: BotControlResponseSchema,
    errors: controlErrors,
  }),
};
