import { z } from 'zod';
import { TradesQuerySchema } from './api.schema.js';

/**
 * GET /trading/trades/totals' query: the trades screen's own filter (the period by the same
 * start_date/end_date as GET /bridge/trades, and the magic), without paging: the totals cover
 * every position of the filter however many the list can hold.
 */
export const TradesTotalsQuerySchema = TradesQuerySchema.pick({
  start_date: true,
  end_date: true,
  magic: true,
  no_cache: true,
  _: true,
});
export type TradesTotalsQuery = z.infer<typeof TradesTotalsQuerySchema>;

/**
 * The trades screen's cards over every position of the filter, counted as the statistics count
 * them: money is net (profit + commission + fee + swap), a win has net > 0, a loss net < 0
 * (breakeven is neither); balance operations are no trades.
 */
export const TradesTotalsSchema = z.object({
  count: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
  losses: z.number().int().nonnegative(),
  /** Percent, 0–100 (0 without positions). */
  win_rate: z.number(),
  /** gross_profit + gross_loss. */
  net_profit: z.number(),
  /** Sum of the winning nets (>= 0). */
  gross_profit: z.number(),
  /** Sum of the losing nets (<= 0). */
  gross_loss: z.number(),
  /** gross_profit / |gross_loss|; null when infinite (profit and no loss), 0 with neither. */
  profit_factor: z.number().nullable(),
  /** What the nets already include: MT5's commission, DEAL_FEE and swap, each summed. */
  commission: z.number(),
  fee: z.number(),
  swap: z.number(),
});
export type TradesTotals = z.infer<typeof TradesTotalsSchema>;

export const TradesTotalsResponseSchema = z.object({
  success: z.literal(true),
  totals: TradesTotalsSchema,
  /** The account's number; null without an account (every total then 0). */
  account: z.number().nullable(),
});
export type TradesTotalsResponse = z.infer<typeof TradesTotalsResponseSchema>;
