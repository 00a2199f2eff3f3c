import { z } from 'zod';
import { BotConfigSchema } from './config.schema.js';

/** GET /bot/config (trading.md §7): the caller's configuration, or the defaults. */
export const BotConfigResponseSchema = z.object({
  success: z.literal(true),
  config: BotConfigSchema,
});
export type BotConfigResponse = z.infer<typeof BotConfigResponseSchema>;

/** POST /bot/config takes the full configuration and answers { success }. */
export const SaveBotConfigResponseSchema = z.object({ success: z.literal(true) });
export type SaveBotConfigResponse = z.infer<typeof SaveBotConfigResponseSchema>;
