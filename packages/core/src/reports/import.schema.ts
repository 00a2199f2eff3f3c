import { z } from 'zod';

// The contract of an MT5 terminal report read back into Vórtex (issue 16): a Trade History report
// (HTML or XLSX) or a Strategy Tester report (HTML), as the terminal wrote it.
//
// Times: the terminal writes its trade server's wall clock ('yyyy.MM.dd HH:mm:ss', no zone; the
// server's zone is not in the file). Every time keeps that text (`*_text`) and, beside it, the
// epoch ms of the same wall clock read as if it were UTC (`*` without suffix). The importer decides
// the zone (the broker's, or ask the trader); nothing here guesses it.
// Money keeps the report's own rounding (2 decimals in HTML; XLSX cells may carry 6).

const TimeText = z.string().regex(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}(:\d{2})?$/);
const Num = z.number(); // zod 4 numbers are finite already
const Ticket = z.string().regex(/^\d+$/); // MT5 tickets are 64-bit: kept as digits

export const ImportedDealSchema = z.object({
  ticket: Ticket,
  time_text: TimeText,
  time: z.number().int(),
  symbol: z.string().nullable(), // null for balance/credit rows
  type: z.string(), // as written, lower case: buy, sell, balance, credit, ...
  direction: z.enum(['in', 'out', 'inout', 'out_by']).nullable(),
  volume: Num.nullable(),
  price: Num.nullable(),
  order: Ticket.nullable(),
  commission: Num,
  fee: Num.nullable(), // tester reports have no Fee column
  swap: Num,
  profit: Num,
  balance: Num,
  comment: z.string(),
});

export const ImportedOrderSchema = z.object({
  ticket: Ticket,
  open_time_text: TimeText,
  open_time: z.number().int(),
  symbol: z.string(),
  type: z.string(), // buy, sell, buy limit, sell stop, ...
  // "0.3 / 0": what was asked, then what was filled (a canceled limit fills 0)
  volume_requested: Num,
  volume_filled: Num,
  price: Num.nullable(), // null when the terminal wrote "market"
  market: z.boolean(),
  sl: Num.nullable(),
  tp: Num.nullable(),
  done_time_text: TimeText.nullable(),
  done_time: z.number().int().nullable(),
  state: z.string(), // filled, canceled, placed, ...
  comment: z.string(),
});

export const ImportedPositionSchema = z.object({
  id: Ticket,
  open_time_text: TimeText,
  open_time: z.number().int(),
  symbol: z.string(),
  type: z.string(),
  magic: z.string().nullable(), // the hidden column of the HTML report; absent in XLSX
  volume: Num,
  open_price: Num,
  sl: Num.nullable(),
  tp: Num.nullable(),
  close_time_text: TimeText,
  close_time: z.number().int(),
  close_price: Num,
  commission: Num,
  swap: Num,
  profit: Num,
});

export const ImportedOpenPositionSchema = z.object({
  id: Ticket,
  open_time_text: TimeText,
  open_time: z.number().int(),
  symbol: z.string(),
  type: z.string(),
  volume: Num,
  open_price: Num,
  sl: Num.nullable(),
  tp: Num.nullable(),
  market_price: Num.nullable(),
  swap: Num,
  profit: Num,
  comment: z.string(),
});

// Results keys. Composite MT5 values are split: "16 518.16 (7.62%)" gives balance_drawdown_maximal
// and balance_drawdown_maximal_pct; "9 (4 062.95)" gives max_consecutive_wins (count) and
// max_consecutive_wins_money; "6 000.14 (5)" gives maximal_consecutive_profit and its _count.
export const RESULT_KEYS = [
  'total_net_profit',
  'gross_profit',
  'gross_loss',
  'profit_factor',
  'expected_payoff',
  'recovery_factor',
  'sharpe_ratio',
  'balance_drawdown_absolute',
  'balance_drawdown_maximal',
  'balance_drawdown_maximal_pct',
  'balance_drawdown_relative_pct',
  'balance_drawdown_relative',
  'total_trades',
  'short_trades',
  'short_trades_won_pct',
  'long_trades',
  'long_trades_won_pct',
  'profit_trades',
  'profit_trades_pct',
  'loss_trades',
  'loss_trades_pct',
  'largest_profit_trade',
  'largest_loss_trade',
  'average_profit_trade',
  'average_loss_trade',
  'max_consecutive_wins',
  'max_consecutive_wins_money',
  'max_consecutive_losses',
  'max_consecutive_losses_money',
  'maximal_consecutive_profit',
  'maximal_consecutive_profit_count',
  'maximal_consecutive_loss',
  'maximal_consecutive_loss_count',
  'average_consecutive_wins',
  'average_consecutive_losses',
  // Strategy Tester only
  'history_quality_pct',
  'bars',
  'ticks',
  'symbols',
  'initial_deposit',
  'total_deals',
  'equity_drawdown_absolute',
  'equity_drawdown_maximal',
  'equity_drawdown_maximal_pct',
  'equity_drawdown_relative_pct',
  'equity_drawdown_relative',
  'margin_level_pct',
  'z_score',
  'z_score_pct',
  'ahpr',
  'ahpr_pct',
  'ghpr',
  'ghpr_pct',
  'lr_correlation',
  'lr_standard_error',
  'ontester_result',
  'correlation_profits_mfe',
  'correlation_profits_mae',
  'correlation_mfe_mae',
  'min_position_holding_seconds',
  'max_position_holding_seconds',
  'avg_position_holding_seconds',
] as const;
export const ResultKeySchema = z.enum(RESULT_KEYS);
export type ResultKey = z.infer<typeof ResultKeySchema>;

export const SUMMARY_KEYS = [
  'balance',
  'free_margin',
  'credit_facility',
  'margin',
  'floating_pl',
  'margin_level_pct',
  'equity',
] as const;

export const ImportedAccountSchema = z.object({
  login: Ticket.nullable(), // the tester report names no account
  name: z.string().nullable(),
  server: z.string().nullable(),
  currency: z.string().nullable(),
  company: z.string().nullable(),
  mode: z.enum(['real', 'demo', 'contest']).nullable(),
  margin_mode: z.enum(['hedging', 'netting', 'exchange']).nullable(),
});

export const TesterSettingsSchema = z.object({
  expert: z.string().nullable(),
  symbol: z.string().nullable(),
  period: z.string().nullable(),
  inputs: z.array(z.string()),
  leverage: z.string().nullable(),
  build: z.number().int().nullable(),
});

export const ImportedReportSchema = z.object({
  kind: z.enum(['history', 'tester']),
  source: z.enum(['html', 'xlsx']),
  title: z.string(), // as written, in the terminal's language
  account: ImportedAccountSchema,
  generated_at_text: TimeText.nullable(),
  generated_at: z.number().int().nullable(),
  deals: z.array(ImportedDealSchema),
  orders: z.array(ImportedOrderSchema),
  positions: z.array(ImportedPositionSchema), // empty for the tester: it has no Positions section
  open_positions: z.array(ImportedOpenPositionSchema),
  working_orders: z.number().int(), // counted only: pending orders are not imported
  summary: z.partialRecord(z.enum(SUMMARY_KEYS), Num),
  results: z.partialRecord(ResultKeySchema, Num),
  // Results lines whose label is not known in en/pt-BR; when a history report's labels are all
  // unknown its 25 lines are still mapped by position (the terminal's order is fixed).
  unknown_results: z.array(z.object({ label: z.string(), text: z.string() })),
  tester: TesterSettingsSchema.nullable(),
});

export type ImportedDeal = z.infer<typeof ImportedDealSchema>;
export type ImportedOrder = z.infer<typeof ImportedOrderSchema>;
export type ImportedPosition = z.infer<typeof ImportedPositionSchema>;
export type ImportedOpenPosition = z.infer<typeof ImportedOpenPositionSchema>;
export type ImportedAccount = z.infer<typeof ImportedAccountSchema>;
export type ImportedReport = z.infer<typeof ImportedReportSchema>;
export type SummaryKey = (typeof SUMMARY_KEYS)[number];
