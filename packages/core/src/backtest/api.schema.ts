import { z } from 'zod';
import { BotConfigSchema } from '../bot/config.schema.js';
import { ClosedPositionRecordSchema, StatisticsSchema } from '../trading/api.schema.js';
import { backtestMessages as m } from './messages.js';

/** Bars one backtest may read: a year of B3 M1 sessions is about 141,000. */
export const BACKTEST_MAX_BARS = 200_000;
/** Upload size: 200,000 MT5-export rows are about 14 MB. */
export const BACKTEST_MAX_CSV_BYTES = 16 * 1024 * 1024;

export const BacktestSourceSchema = z.enum(['stored', 'csv']);

/**
 * POST /api/bot/backtest: a configuration, and the bars to run it over: the bars stored for the
 * caller's account (the configuration's symbol and timeframe, between start_date and end_date,
 * epoch seconds or ISO), or a CSV the caller uploads.
 */
export const BacktestRequestSchema = z
  .object({
    config: BotConfigSchema,
    source: BacktestSourceSchema.default('stored'),
    start_date: z.string().max(40).optional(),
    end_date: z.string().max(40).optional(),
    csv: z.string().max(BACKTEST_MAX_CSV_BYTES).optional(),
  })
  .refine((r) => r.source !== 'csv' || (r.csv !== undefined && r.csv.trim() !== ''), {
    message: m.csvMissing,
    path: ['csv'],
  });
export type BacktestRequest = z.infer<typeof BacktestRequestSchema>;

export const BacktestResponseSchema = z.object({
  success: z.literal(true),
  source: BacktestSourceSchema,
  /** Bars run over, and the opening times (epoch s) of the first and the last. */
  bars: z.number(),
  first_bar_time: z.number().nullable(),
  last_bar_time: z.number().nullable(),
  trades: z.array(ClosedPositionRecordSchema),
  statistics: StatisticsSchema,
  skipped: z.object({ daily_limit: z.number(), position_open: z.number() }),
});
export type BacktestResponse = z.infer<typeof BacktestResponseSchema>;
