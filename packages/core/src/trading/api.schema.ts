import { z } from 'zod';
import { Mt5OrderSchema, Mt5PositionSchema } from '../bridge/mt5-records.schema.js';

/**
 * The trading screens' calls (trading.md §7), as the server answers them. Every figure is
 * computed by the server from the stored deals with this package's math, so the screens agree.
 * Infinity does not survive JSON: a profit factor without losses travels as null ('∞').
 */

const money = z.number();
/** null means infinite (profit and no loss); the screens show '∞'. */
const factor = z.number().nullable();

/** Range queries: start/end (ISO date or date-time, or epoch) or the last `days`. */
export const RangeQuerySchema = z.object({
  start: z.string().trim().min(1).max(40).optional(),
  end: z.string().trim().min(1).max(40).optional(),
  days: z.coerce
    .number({ error: 'Período inválido.' })
    .int({ error: 'Período inválido.' })
    .min(1, 'Período inválido.')
    .max(3660, 'Período inválido.')
    .optional(),
  no_cache: z.string().max(10).optional(),
  _: z.string().max(40).optional(),
  magic: z.coerce.number().int().nonnegative().optional(),
});
export type RangeQuery = z.infer<typeof RangeQuerySchema>;

export const DealsQuerySchema = RangeQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(6000).default(5000),
});

/** A deal as the screens read it (spec §3 'Deal/trade record'). */
export const DealRecordSchema = z.object({
  ticket: z.number(),
  order: z.number(),
  position_id: z.number(),
  symbol: z.string(),
  magic: z.number(),
  type: z.enum(['BUY', 'SELL']),
  /** 0 opening, 1 closing, 2 reversal, 3 close-by. */
  entry: z.number(),
  volume: z.number(),
  price: z.number(),
  /** Epoch seconds. */
  time: z.number(),
  profit: money,
  commission: money,
  /** MT5's DEAL_FEE (0 from agents too old to send it). */
  fee: money.optional(),
  swap: money,
  reason: z.number(),
  comment: z.string(),
});
export type DealRecord = z.infer<typeof DealRecordSchema>;

/** A closed position (spec §3 'Derived position'); times are epoch ms. */
export const ClosedPositionRecordSchema = z.object({
  position_id: z.string(),
  round_trip: z.number(),
  symbol: z.string(),
  magic: z.number(),
  type: z.enum(['BUY', 'SELL']),
  volume: z.number(),
  entry_price: z.number(),
  exit_price: z.number(),
  open_time: z.number(),
  close_time: z.number(),
  duration: z.string(),
  profit: money,
  commission: money,
  /** MT5's DEAL_FEE over the round trip's deals; absent when none had one. */
  fee: money.optional(),
  swap: money,
  /** profit + commission + fee + swap. */
  net_profit: money,
  /** MT5 deal reason of the last closing deal: EXPERT, SL, TP, CLIENT, ... or UNKNOWN. */
  exit_reason: z.string(),
  status: z.enum(['closed', 'open']),
  is_complete: z.literal(true),
  /** Only on a row merging a reversed position's round trips: the side it ended on. */
  reversed_to: z.enum(['BUY', 'SELL']).optional(),
});
export type ClosedPositionRecord = z.infer<typeof ClosedPositionRecordSchema>;

export const SymbolStatisticsSchema = z.object({
  symbol: z.string(),
  trades: z.number(),
  profit: money,
  win_rate: z.number(),
});

export const DailyStatsSchema = z.object({
  date: z.string(),
  trades: z.number(),
  wins: z.number(),
  losses: z.number(),
  breakeven: z.number(),
  grossProfit: money,
  grossLoss: money,
  netProfit: money,
  winRate: z.number(),
  profitFactor: factor,
});

/** The statistics object of §3, plus the peers' figures traders ask for. */
export const StatisticsSchema = z.object({
  balance: money,
  profit: money,
  profit_percentage: z.number(),
  win_rate: z.number(),
  profit_factor: factor,
  max_drawdown: money,
  max_drawdown_percent: z.number(),
  sharpe_ratio: z.number(),
  total_trades: z.number(),
  winning_trades: z.number(),
  losing_trades: z.number(),
  average_win: money,
  average_loss: money,
  largest_win: money,
  largest_loss: money,
  volatility: z.number(),
  var_95: z.number(),
  calmar_ratio: z.number(),
  avg_duration: z.string(),
  avg_duration_ms: z.number(),
  best_day: z.object({ date: z.string(), profit: money }).nullable(),
  best_hour: z.object({ hour: z.number(), profit: money }).nullable(),
  trades_per_day: z.number(),
  symbols: z.array(SymbolStatisticsSchema),
  gross_profit: money,
  gross_loss: money,
  /** Beyond the spec: Sortino, expectancy, SQN, recovery factor, streaks, long vs short. */
  sortino_ratio: z.number(),
  expectancy: money,
  sqn: z.number(),
  recovery_factor: z.number(),
  max_consecutive_wins: z.number(),
  max_consecutive_losses: z.number(),
  long_trades: z.number(),
  long_win_rate: z.number(),
  short_trades: z.number(),
  short_win_rate: z.number(),
});
export type StatisticsRecord = z.infer<typeof StatisticsSchema>;

export const EquityPointSchema = z.object({
  date: z.string(),
  equity: money,
  balance: money,
  cumulative_profit: money,
  timestamp: z.number(),
});
export const HourlyPointSchema = z.object({
  hour: z.number(),
  net: money,
  pnl: money,
  trades: z.number(),
});
export const HistogramBucketSchema = z.object({
  label: z.string(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  count: z.number(),
});

const AccountInfoSchema = z.object({
  balance: money,
  equity: money,
  profit: money,
  margin: money,
  free_margin: money,
  margin_level: z.number(),
});

/** GET /dashboard/realtime. */
export const RealtimeResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    connection_status: z.object({
      mt5_connected: z.boolean(),
      bridge_connected: z.boolean(),
      account: z.number().nullable(),
      server: z.string().nullable(),
    }),
    account_info: AccountInfoSchema.nullable(),
    positions: z.array(Mt5PositionSchema),
    performance: z.object({
      win_rate: z.number(),
      profit_factor: factor,
      max_drawdown: money,
      total_trades: z.number(),
      daily_profit: money,
      daily_trades: z.number(),
      total_profit: money,
    }),
    market_status: z.object({ is_open: z.boolean() }),
  }),
});

/** GET /dashboard/deals. */
export const DealsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ deals: z.array(DealRecordSchema), total: z.number() }),
});

/**
 * Where the balances of a window start: 'account' when the account's balance is known (the
 * curve then ends at the account's balance), else 'estimate' from the spec's fixed base.
 */
export const BalanceBasisSchema = z.object({
  source: z.enum(['account', 'estimate']),
  /** The balance before the window's first position. */
  initial_balance: money,
});
export type BalanceBasis = z.infer<typeof BalanceBasisSchema>;

/** GET /trading/equity-curve. */
export const EquityCurveResponseSchema = z.object({
  success: z.literal(true),
  equity_curve: z.array(EquityPointSchema),
  balance_basis: BalanceBasisSchema,
});

/** GET /dashboard/stats: the statistics object for the range, with its daily stats. */
export const DashboardStatsResponseSchema = z.object({
  success: z.literal(true),
  data: StatisticsSchema.extend({
    daily_stats: z.array(DailyStatsSchema),
    balance_basis: BalanceBasisSchema,
  }),
});

/** GET /dashboard/overview: everything the dashboard's cards and four charts draw. */
export const OverviewResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    statistics: StatisticsSchema,
    today: DailyStatsSchema.nullable(),
    last_7_days: z.object({
      total_profit: money,
      win_rate: z.number(),
      best_day: DailyStatsSchema.nullable(),
      worst_day: DailyStatsSchema.nullable(),
      positive_days: z.number(),
      negative_days: z.number(),
      days: z.array(DailyStatsSchema),
    }),
    equity_curve: z.array(EquityPointSchema),
    /** The curve's starting balance: the statistics' too, unless both are estimates. */
    balance_basis: BalanceBasisSchema,
    /** The São Paulo hours 9–18 of the positions closed in the last 7 calendar days. */
    hourly: z.array(HourlyPointSchema),
    histogram: z.array(HistogramBucketSchema),
    last_closed: z.array(ClosedPositionRecordSchema),
  }),
});

/** GET /dashboard/positions: open positions and working orders, as the agent last sent them. */
export const PositionsResponseSchema = z.object({
  success: z.literal(true),
  positions: z.array(Mt5PositionSchema),
  orders: z.array(Mt5OrderSchema),
  /** When the agent last sent them (ISO), null when never. */
  updated_at: z.string().nullable(),
});

export const TradesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(6000).default(6000),
  offset: z.coerce.number().int().min(0).default(0),
  start_date: z.string().trim().min(1).max(40).optional(),
  end_date: z.string().trim().min(1).max(40).optional(),
  order_by: z.enum(['time']).default('time'),
  order: z.enum(['asc', 'desc']).default('desc'),
  magic: z.coerce.number().int().nonnegative().optional(),
  no_cache: z.string().max(10).optional(),
  _: z.string().max(40).optional(),
});

/**
 * GET /trading/history-span: when the current account's stored deals begin and end (epoch ms),
 * so a screen can open on an old account's own period; nulls without deals or account.
 */
export const HistorySpanResponseSchema = z.object({
  success: z.literal(true),
  first_deal_at: z.number().nullable(),
  last_deal_at: z.number().nullable(),
});
export type HistorySpan = Omit<z.infer<typeof HistorySpanResponseSchema>, 'success'>;

/** GET /bridge/trades: closed positions, newest first by default. */
export const TradesResponseSchema = z.object({
  success: z.literal(true),
  trades: z.array(ClosedPositionRecordSchema),
  total: z.number(),
  account: z.number().nullable(),
  data_source: z.literal('bridge'),
  processing_info: z.object({ deals_processed: z.number() }),
});

export const REPORT_RANGES = ['1d', '7d', '30d', '90d', '1y'] as const;
/** The spec's ranges plus 'all', the account's whole history (issue 26: any period). */
export const REPORT_PERIODS = [...REPORT_RANGES, 'all'] as const;
export const ReportRangeSchema = z.enum(REPORT_PERIODS, { error: 'Período inválido.' });
export type ReportRange = z.infer<typeof ReportRangeSchema>;

/**
 * A custom period ('De / Até'): São Paulo calendar days (YYYY-MM-DD) or instants, as the range
 * queries read them; when either is given it replaces the named range (a missing start is the
 * history's first deal, a missing end now).
 */
export const CustomPeriodFields = {
  start: z.string().trim().min(1).max(40).optional(),
  end: z.string().trim().min(1).max(40).optional(),
};

/** GET /api/reports/summary's query. */
export const ReportsSummaryQuerySchema = z.object({
  range: ReportRangeSchema.default('7d'),
  ...CustomPeriodFields,
});
/** How many calendar days each report range covers, today included. */
export const REPORT_RANGE_DAYS: Record<(typeof REPORT_RANGES)[number], number> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
};

/** GET /api/reports/summary. */
export const ReportsSummaryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    summary: z.object({
      total_trades: z.number(),
      win_rate: z.number(),
      total_pnl: money,
      profit_factor: factor,
    }),
    trades_by_hour: z.array(
      z.object({ hour: z.number(), count: z.number(), pnl: money, win_rate: z.number() }),
    ),
    exit_reasons: z.record(z.string(), z.number()),
    daily_pnl: z.array(z.object({ date: z.string(), pnl: money })),
  }),
});

/** POST /api/reports/mt5/html and /xml. */
export const Mt5ReportRequestSchema = z.strictObject({
  date_range: ReportRangeSchema.default('7d'),
  ...CustomPeriodFields,
  report_type: z.enum(['full', 'summary']).default('full'),
  /** The statement's labels: pt-BR, or the terminal's English ones. */
  language: z.enum(['pt-BR', 'en']).default('pt-BR'),
});
