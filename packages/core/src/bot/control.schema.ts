import { z } from 'zod';

/** GET /bot/status (trading.md §7): whether the caller's bot runs, where and since when. */
export const BotStatusResponseSchema = z.object({
  success: z.literal(true),
  status: z.object({
    bot_active: z.boolean(),
    /** The server instance running it (host:pid), null when stopped. */
    process_id: z.string().nullable(),
    /** ISO time it was started, null when stopped. */
    start_time: z.string().nullable(),
    /** Waiting for the bridge (disconnected or MT5 logged out): it resumes by itself. */
    paused: z.boolean(),
    /** The last error the bot met, in pt-BR, or null. */
    error: z.string().nullable(),
  }),
});
export type BotStatusResponse = z.infer<typeof BotStatusResponseSchema>;

/** POST /api/bot/start and /api/bot/stop answer { success, message }. */
export const BotControlResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type BotControlResponse = z.infer<typeof BotControlResponseSchema>;

/** pt-BR texts of the bot's control and of its decision log. */
export const botControlMessages = {
  started: 'Bot iniciado: operando as estratégias ativas.',
  alreadyRunning: 'O bot já está em execução.',
  stopped: 'Bot parado: nenhuma nova entrada será enviada.',
  notRunning: 'O bot já estava parado.',
  mt5Required:
    'MT5 não conectado: abra o MT5 com o bridge pareado e logado antes de iniciar o bot.',
  noStrategy: 'Nenhuma estratégia ativa: ative ao menos uma na Parametrização VórtexBot.',
  dailyLimit: (max: number) => `Limite diário de ${max} operações atingido.`,
  positionOpen: 'Estratégia já tem posição aberta.',
  orderFailed: (reason: string) => `Ordem recusada: ${reason}`,
} as const;
