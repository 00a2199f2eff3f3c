import { z } from 'zod';

/** Today's bot positions closed (net of costs) and its entries the terminal refused. */
export const BotTodaySchema = z.object({
  trades: z.number().int().nonnegative(),
  winners: z.number().int().nonnegative(),
  /** Mean net profit of the winners, 0 without any. */
  average_win: z.number(),
  losers: z.number().int().nonnegative(),
  /** Mean net profit of the losers (negative), 0 without any. */
  average_loss: z.number(),
  /** Orders the terminal refused or let expire. */
  canceled: z.number().int().nonnegative(),
});
export type BotToday = z.infer<typeof BotTodaySchema>;

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
    /** 'Pause entries': it manages its open positions and opens none. */
    entries_paused: z.boolean(),
    /** The last error the bot met (or the risk limit that stopped it), in pt-BR, or null. */
    error: z.string().nullable(),
    /**
     * Why a started bot cannot trade (no enabled strategy, a symbol the terminal refuses), in
     * pt-BR, or null: the card never says 'Bot ativo' while this is set. Absent from older servers.
     */
    blocked: z.string().nullable().default(null),
    /** The bot card's counters for today (São Paulo day), from the bot's magics only. */
    today: BotTodaySchema,
  }),
});
export type BotStatusResponse = z.infer<typeof BotStatusResponseSchema>;

/** POST /api/bot/start and /api/bot/stop answer { success, message }. */
export const BotControlResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type BotControlResponse = z.infer<typeof BotControlResponseSchema>;

/** POST /api/bot/entries: pause the running bot's entries, or resume them. */
export const BotEntriesRequestSchema = z.strictObject(
  {
    paused: z.boolean({ error: 'Informe se as entradas ficam pausadas (paused: true ou false).' }),
  },
  { error: 'Informe se as entradas ficam pausadas (paused: true ou false).' },
);
export type BotEntriesRequest = z.infer<typeof BotEntriesRequestSchema>;

/** pt-BR texts of the bot's control and of its decision log. */
export const botControlMessages = {
  started: 'Bot iniciado: operando as estratégias ativas.',
  alreadyRunning: 'O bot já está em execução.',
  stopped: 'Bot parado: nenhuma nova entrada será enviada.',
  notRunning: 'O bot já estava parado.',
  mt5Required:
    'MT5 não conectado: abra o MT5 com o bridge pareado e logado antes de iniciar o bot.',
  noStrategy: 'Nenhuma estratégia ativa: ative ao menos uma na Parametrização VórtexBot.',
  symbolNotOffered: (symbol: string) => `O símbolo ${symbol} não está disponível no terminal.`,
  dailyLimit: (max: number) => `Limite diário de ${max} operações atingido.`,
  positionOpen: 'Estratégia já tem posição aberta.',
  orderFailed: (reason: string) => `Ordem recusada: ${reason}`,
  entriesPaused: 'Entradas pausadas: o bot segue cuidando das posições abertas e não abre novas.',
  entriesResumed: 'Entradas retomadas: o bot volta a abrir posições.',
  entriesNotRunning: 'O bot está parado: inicie-o para pausar ou retomar as entradas.',
  entriesPausedSkip: 'Entradas pausadas pelo trader.',
  noOpenPositions: 'Nenhuma posição aberta para fechar.',
  closeAllSent: (closed: number, refused: number) => {
    const done =
      closed === 0
        ? 'Nenhuma posição fechada'
        : closed === 1
          ? '1 posição fechada'
          : `${closed} posições fechadas`;
    if (refused === 0) return `${done}.`;
    return `${done}; ${refused === 1 ? '1 recusada' : `${refused} recusadas`} pelo terminal.`;
  },
} as const;
