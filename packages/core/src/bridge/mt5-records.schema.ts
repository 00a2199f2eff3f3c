import { z } from 'zod';
import { plainText } from '../text/plain-text.js';

/**
 * Bounds of what an agent may report: far beyond any real B3 account, and small enough that a
 * sum over millions of records stays finite and exact to the cent.
 */
export const AGENT_LIMITS = {
  /** Reais (or the account's currency) on one deal, position or balance. */
  money: 1e12,
  price: 1e9,
  /** 2100-01-01, in seconds and milliseconds. */
  epochSeconds: 4_102_444_800,
  epochMs: 4_102_444_800_000,
  barVolume: 1e12,
} as const;

/** Records as an MT5 terminal reports them (trading.md §3), strict at the agent boundary. */
const money = z.number().min(-AGENT_LIMITS.money).max(AGENT_LIMITS.money);
const price = z.number().nonnegative().max(AGENT_LIMITS.price);
const volume = z.number().positive().max(1_000_000);
const epochSeconds = z.number().int().nonnegative().max(AGENT_LIMITS.epochSeconds);
const epochMs = z.number().int().nonnegative().max(AGENT_LIMITS.epochMs);
const symbol = plainText().trim().min(1).max(32);
const comment = plainText().max(64).default('');
const magic = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 53);
const ticket = z
  .number()
  .int()
  .positive()
  .max(2 ** 53);

export const DEAL_ENTRY = { IN: 0, OUT: 1, INOUT: 2, OUT_BY: 3 } as const;

/**
 * MT5 ENUM_DEAL_TYPE beyond buy (0) and sell (1): balance operations, which carry no symbol, no
 * position (position_id 0, entry 0) and their amount as the profit.
 */
export const DEAL_TYPE = {
  BUY: 0,
  SELL: 1,
  BALANCE: 2,
  CREDIT: 3,
  CHARGE: 4,
  CORRECTION: 5,
  BONUS: 6,
  COMMISSION: 7,
  COMMISSION_DAILY: 8,
  COMMISSION_MONTHLY: 9,
  COMMISSION_AGENT_DAILY: 10,
  COMMISSION_AGENT_MONTHLY: 11,
  INTEREST: 12,
  BUY_CANCELED: 13,
  SELL_CANCELED: 14,
  DIVIDEND: 15,
  DIVIDEND_FRANKED: 16,
  TAX: 17,
} as const;

export const dealSchemaMessages = {
  symbolRequired: 'não pode ficar vazio numa compra ou venda.',
} as const;

export const Mt5DealSchema = z
  .strictObject({
    ticket,
    order: z
      .number()
      .int()
      .nonnegative()
      .max(2 ** 53),
    position_id: z
      .number()
      .int()
      .nonnegative()
      .max(2 ** 53),
    /** '' for a balance operation (deposit, withdrawal, credit…): it names no symbol. */
    symbol: plainText().trim().max(32),
    /** MT5 DEAL_TYPE (see DEAL_TYPE): 0 buy, 1 sell, 2 and above balance operations. */
    type: z.number().int().min(0).max(18),
    entry: z.number().int().min(0).max(3),
    volume: z.number().nonnegative().max(1_000_000),
    price,
    profit: money,
    commission: money,
    /** MT5's DEAL_FEE; older agents leave it out, which counts as 0. */
    fee: money.optional(),
    swap: money,
    magic,
    reason: z.number().int().min(0).max(10),
    comment,
    time: epochSeconds,
    time_msc: epochMs,
  })
  // A trade names its symbol; only a balance operation may leave it empty.
  .refine((d) => d.type > DEAL_TYPE.SELL || d.symbol !== '', {
    path: ['symbol'],
    message: dealSchemaMessages.symbolRequired,
  });
export type Mt5Deal = z.infer<typeof Mt5DealSchema>;

export const Mt5PositionSchema = z.strictObject({
  ticket,
  symbol,
  /** 0 buy, 1 sell. */
  type: z.union([z.literal(0), z.literal(1)]),
  volume,
  price_open: price,
  sl: price,
  tp: price,
  price_current: price,
  profit: money,
  swap: money,
  magic,
  time: epochSeconds,
  time_msc: epochMs,
  comment,
});
export type Mt5Position = z.infer<typeof Mt5PositionSchema>;

export const Mt5OrderSchema = z.strictObject({
  order: ticket,
  symbol,
  /** MT5 ORDER_TYPE: 2 buy limit, 3 sell limit, 4 buy stop, 5 sell stop. */
  type: z.number().int().min(0).max(8),
  volume_initial: volume,
  price_open: price,
  sl: price,
  tp: price,
  magic,
  time_setup: epochSeconds,
  comment,
});
export type Mt5Order = z.infer<typeof Mt5OrderSchema>;

/**
 * An order of the terminal's history (HistoryOrderGet*): filled, canceled, expired or rejected,
 * with the levels it carried. Stored by (account, ticket); a resend replaces it.
 */
export const Mt5HistoryOrderSchema = z.strictObject({
  ticket,
  symbol,
  /** MT5 ORDER_TYPE: 0 buy, 1 sell, 2–5 limit/stop, 6–7 stop limit, 8 close by. */
  type: z.number().int().min(0).max(8),
  /** MT5 ORDER_STATE: 2 canceled, 3 partial, 4 filled, 5 rejected, 6 expired… */
  state: z.number().int().min(0).max(9),
  volume_initial: volume,
  /** What was left unfilled: 0 for a filled order. */
  volume_current: z.number().nonnegative().max(1_000_000),
  /** 0 for a market order (the terminal writes 'market'). */
  price_open: price,
  sl: price,
  tp: price,
  price_current: price,
  time_setup_msc: epochMs,
  time_done_msc: epochMs,
  magic,
  comment,
  position_id: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 53),
  /** MT5 ORDER_REASON: 0 client, 3 expert, 4 stop loss, 5 take profit, 6 stop out… */
  reason: z.number().int().min(0).max(10),
});
export type Mt5HistoryOrder = z.infer<typeof Mt5HistoryOrderSchema>;

/** SYMBOL_DIGITS of a symbol: how many decimals its prices are written with. */
export const SymbolDigitsSchema = z.strictObject({
  symbol,
  digits: z.number().int().min(0).max(10),
});
export type SymbolDigits = z.infer<typeof SymbolDigitsSchema>;

export const Mt5AccountSchema = z.strictObject({
  balance: money,
  equity: money,
  margin: money,
  free_margin: money,
  /** Percent; 0 when there is no margin in use. */
  margin_level: money,
  profit: money,
  currency: plainText().trim().min(3).max(8),
});
export type Mt5Account = z.infer<typeof Mt5AccountSchema>;

export const TIMEFRAMES = ['M1', 'M5', 'M15', 'H1'] as const;
export const TimeframeSchema = z.enum(TIMEFRAMES);
export type Timeframe = z.infer<typeof TimeframeSchema>;

export const BarSchema = z.strictObject({
  time: epochSeconds,
  open: price,
  high: price,
  low: price,
  close: price,
  tick_volume: z.number().int().nonnegative().max(AGENT_LIMITS.barVolume),
  volume: z.number().nonnegative().max(AGENT_LIMITS.barVolume),
});
export type Bar = z.infer<typeof BarSchema>;
