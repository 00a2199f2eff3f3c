import { z } from 'zod';
import { BotConfigSchema } from '../bot/config.schema.js';
import { ClosedPositionRecordSchema, StatisticsSchema } from '../trading/api.schema.js';
import { backtestMessages as m } from './messages.js';

/** Bars one backtest may read: a year of B3 M1 sessions is about 141,000. */
export const BACKTEST_MAX_BARS = 200_000;
/** Upload size: 200,000 MT5-export rows are about 14 MB. */
export const BACKTEST_MAX_CSV_BYTES = 16 * 1024 * 1024;

/** Seeds of the simulated market: 0 to 2^31 - 1. */
export const BACKTEST_SEED_MAX = 2_147_483_647;
/**
 * The seed a simulator backtest uses when none is given: fixed, so the same configuration and
 * dates always run over the same market; each local day's shocks come from (seed, day).
 */
export const BACKTEST_DEFAULT_SEED = 1;

export const BacktestSourceSchema = z.enum(['stored', 'csv', 'simulator']);

/**
 * POST /api/bot/backtest: a configuration, and the bars to run it over: the bars stored for the
 * caller's account (the configuration's symbol and timeframe, between start_date and end_date,
 * epoch seconds or ISO), a CSV the caller uploads, or the simulator's market between start_date
 * and end_date (both required) drawn from `seed`.
 */
export const BacktestRequestSchema = z
  .object({
    config: BotConfigSchema,
    source: BacktestSourceSchema.default('stored'),
    start_date: z.string().max(40).optional(),
    end_date: z.string().max(40).optional(),
    csv: z.string().max(BACKTEST_MAX_CSV_BYTES).optional(),
    seed: z
      .number({ error: m.invalidSeed })
      .int(m.invalidSeed)
      .min(0, m.invalidSeed)
      .max(BACKTEST_SEED_MAX, m.invalidSeed)
      .optional(),
  })
  .refine((r) => r.source !== 'csv' || (r.csv !== undefined && r.csv.trim() !== ''), {
    message: m.csvMissing,
    path: ['csv'],
  })
  .refine(
    (r) => r.source !== 'simulator' || (r.start_date !== undefined && r.end_date !== undefined),
    { message: m.simulatorRangeMissing, path: ['start_date'] },
  );
export type BacktestRequest = z.infer<typeof BacktestRequestSchema>;

export const BacktestResponseSchema = z.object({
  success: z.literal(true),
  source: BacktestSourceSchema,
  /** The simulated market's seed (source 'simulator' only), to run the same market again. */
  seed: z.number().int().optional(),
  /**
   * The contract the trades were valued with: tick, money per point per contract and the
   * commission a side, from the terminal's specification or B3's contract.
   */
  instrument: z
    .object({
      symbol: z.string(),
      tick: z.number(),
      point_value: z.number(),
      commission_per_contract: z.number(),
      source: z.enum(['terminal', 'b3']),
    })
    .optional(),
  /** Bars run over, and the opening times (epoch s) of the first and the last. */
  bars: z.number(),
  first_bar_time: z.number().nullable(),
  last_bar_time: z.number().nullable(),
  trades: z.array(ClosedPositionRecordSchema),
  statistics: StatisticsSchema,
  skipped: z.object({ daily_limit: z.number(), position_open: z.number() }),
});
export type BacktestResponse = z.infer<typeof BacktestResponseSchema>;
