import { z } from 'zod';
import { BarSchema, TIMEFRAMES, TimeframeSchema } from '../bridge/mt5-records.schema.js';

/** A chart asks for at most this many bars; an M1 fold reads at most this many per bar. */
export const MARKET_BARS_MAX = 1_000;
export const MARKET_BARS_DEFAULT = 500;

/** What the market endpoints tell the user, in pt-BR. */
export const marketMessages = {
  invalidSymbol: 'Símbolo inválido.',
  invalidTimeframe: `Período gráfico inválido. Use ${TIMEFRAMES.join(', ')}.`,
  invalidFrom: 'Início inválido: use um horário em segundos desde 1970.',
  invalidTo: 'Fim inválido: use um horário em segundos desde 1970.',
  fromAfterTo: 'O início deve ser anterior ao fim.',
  invalidLimit: `Quantidade de barras inválida: de 1 a ${MARKET_BARS_MAX}.`,
} as const;

// Epoch seconds, like Bar.time; up to the year 2286.
const epochSeconds = (error: string) =>
  z.coerce.number({ error }).int({ error }).min(0, { error }).max(1e10, { error });

/** GET /api/market/bars: from/to are epoch seconds, inclusive, matched against a bar's opening. */
export const MarketBarsQuerySchema = z
  .object({
    symbol: z
      .string({ error: marketMessages.invalidSymbol })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._$#-]{0,31}$/, { error: marketMessages.invalidSymbol }),
    timeframe: z.enum(TIMEFRAMES, { error: marketMessages.invalidTimeframe }).default('M1'),
    from: epochSeconds(marketMessages.invalidFrom).optional(),
    to: epochSeconds(marketMessages.invalidTo).optional(),
    limit: z.coerce
      .number({ error: marketMessages.invalidLimit })
      .int({ error: marketMessages.invalidLimit })
      .min(1, { error: marketMessages.invalidLimit })
      .max(MARKET_BARS_MAX, { error: marketMessages.invalidLimit })
      .default(MARKET_BARS_DEFAULT),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    error: marketMessages.fromAfterTo,
  });
export type MarketBarsQuery = z.infer<typeof MarketBarsQuerySchema>;

export const MarketBarsResponseSchema = z.object({
  success: z.literal(true),
  symbol: z.string(),
  timeframe: TimeframeSchema,
  /** The newest `limit` bars of the window, oldest first. */
  bars: z.array(BarSchema),
  /** The stored timeframe they were read from: the one asked, or M1 folded into it; null if none. */
  source: TimeframeSchema.nullable(),
  /** True when the trader's agent was just asked to stream this symbol: bars are on their way. */
  bars_requested: z.boolean(),
});
export type MarketBarsResponse = z.infer<typeof MarketBarsResponseSchema>;
