import { z } from 'zod';
import {
  AGENT_LIMITS,
  BarSchema,
  Mt5AccountSchema,
  Mt5DealSchema,
  Mt5HistoryOrderSchema,
  Mt5OrderSchema,
  Mt5PositionSchema,
  SymbolDigitsSchema,
  TimeframeSchema,
} from './mt5-records.schema.js';
import { SymbolSpecListSchema } from '../market/symbol-spec.schema.js';
import { plainLines, plainText } from '../text/plain-text.js';

/**
 * The agent protocol: JSON messages over one WebSocket, discriminated on `type`, validated on
 * both ends. Bump the version on any change an older peer could misread.
 */
export const AGENT_PROTOCOL_VERSION = 1;
/** A deal batch is bounded so one message can never hold up the socket for long. */
export const MAX_DEALS_PER_BATCH = 5_000;
/** History orders per batch, bounded as deals are. */
export const MAX_HISTORY_ORDERS_PER_BATCH = 5_000;

const batchId = plainText().min(1).max(64);
const clientVersion = plainText().min(1).max(32);
const commandId = z.uuid();
const secret = plainText().min(20).max(200);
/** The agent's clock, epoch ms: never negative, never past 2100. */
const agentTime = z.number().int().nonnegative().max(AGENT_LIMITS.epochMs);

// Agent -> server.

export const AgentAuthSchema = z.strictObject({
  type: z.literal('auth'),
  protocol: z.number().int().positive(),
  client_version: clientVersion,
  /** Exactly one: a pairing token from the web app, a device key from the installer, or a session. */
  pairing_token: secret.optional(),
  device_key: secret.optional(),
  session_token: secret.optional(),
});

export const AgentHelloSchema = z.strictObject({
  type: z.literal('hello'),
  account_number: z
    .number()
    .int()
    .positive()
    .max(2 ** 53),
  server: plainText().trim().min(1).max(128),
  company: plainText().max(128).default(''),
  currency: plainText().trim().min(3).max(8),
  margin_mode: z.enum(['netting', 'hedging']),
  trade_mode: z.enum(['real', 'demo']),
  client_version: clientVersion,
  terminal_build: z.number().int().nonnegative().optional(),
  /**
   * The symbols the terminal offers to trade, when it says: the bot refuses to start on another
   * one. Optional, so an agent that does not say (an older one, the EA) still connects.
   */
  symbols: z.array(plainText().trim().min(1).max(32)).max(5_000).optional(),
  /** SYMBOL_DIGITS of the symbols the account trades, when the agent says (older ones do not). */
  symbol_digits: z.array(SymbolDigitsSchema).max(5_000).optional(),
  /**
   * Each traded symbol's contract (tick size and value, contract size, volumes), when the agent
   * says; without it the bot and the backtest know only B3's WIN and WDO.
   */
  symbol_specs: SymbolSpecListSchema.optional(),
});

export const AgentHeartbeatSchema = z.strictObject({
  type: z.literal('heartbeat'),
  seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  mt5_alive: z.boolean(),
  ts: agentTime,
});

export const AgentAccountSchema = z.strictObject({
  type: z.literal('account'),
  ts: agentTime,
  account: Mt5AccountSchema,
});
export const AgentPositionsSchema = z.strictObject({
  type: z.literal('positions'),
  ts: agentTime,
  positions: z.array(Mt5PositionSchema).max(1_000),
});
export const AgentOrdersSchema = z.strictObject({
  type: z.literal('orders'),
  ts: agentTime,
  orders: z.array(Mt5OrderSchema).max(1_000),
});
export const AgentDealsSchema = z.strictObject({
  type: z.literal('deals'),
  batch_id: batchId,
  deals: z.array(Mt5DealSchema).min(1).max(MAX_DEALS_PER_BATCH),
});
/** Orders that left the terminal's book (history orders), acknowledged after their commit. */
export const AgentHistoryOrdersSchema = z.strictObject({
  type: z.literal('history_orders'),
  batch_id: batchId,
  orders: z.array(Mt5HistoryOrderSchema).min(1).max(MAX_HISTORY_ORDERS_PER_BATCH),
});
export const AgentBarsSchema = z.strictObject({
  type: z.literal('bars'),
  symbol: plainText().trim().min(1).max(32),
  timeframe: TimeframeSchema,
  bars: z.array(BarSchema).min(1).max(10_000),
});
export const AgentCommandResultSchema = z.strictObject({
  type: z.literal('command_result'),
  command_id: commandId,
  ok: z.boolean(),
  retcode: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 32)
    .optional(),
  message: plainLines().max(500).default(''),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const AgentMessageSchema = z.discriminatedUnion('type', [
  AgentAuthSchema,
  AgentHelloSchema,
  AgentHeartbeatSchema,
  AgentAccountSchema,
  AgentPositionsSchema,
  AgentOrdersSchema,
  AgentDealsSchema,
  AgentHistoryOrdersSchema,
  AgentBarsSchema,
  AgentCommandResultSchema,
]);
export type AgentMessage = z.infer<typeof AgentMessageSchema>;

// Server -> agent.

/** A deal the server refused for good, by ticket, with the reason in pt-BR. */
export const RejectedDealSchema = z.strictObject({
  ticket: z.number().int().nonnegative(),
  reason: z.string(),
});
export type RejectedDeal = z.infer<typeof RejectedDealSchema>;

export const CommandSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('mt5_login'),
    login: z.number().int().positive(),
    password: z.string().min(1).max(128),
    server: z.string().min(1).max(128),
  }),
  z.strictObject({ kind: z.literal('mt5_logout') }),
  z.strictObject({
    kind: z.literal('place_order'),
    symbol: z.string().min(1).max(32),
    side: z.enum(['buy', 'sell']),
    order_type: z.enum(['market', 'limit', 'stop']),
    volume: z.number().positive(),
    price: z.number().positive().optional(),
    sl: z.number().nonnegative().default(0),
    tp: z.number().nonnegative().default(0),
    magic: z.number().int().nonnegative(),
    comment: z.string().max(31).default(''),
  }),
  z.strictObject({
    kind: z.literal('modify_order'),
    ticket: z.number().int().positive(),
    price: z.number().positive().optional(),
    sl: z.number().nonnegative().optional(),
    tp: z.number().nonnegative().optional(),
  }),
  z.strictObject({ kind: z.literal('cancel_order'), ticket: z.number().int().positive() }),
  z.strictObject({
    kind: z.literal('close_position'),
    ticket: z.number().int().positive(),
    volume: z.number().positive().optional(),
  }),
  z.strictObject({
    kind: z.literal('subscribe_bars'),
    symbol: z.string().min(1).max(32),
    timeframe: TimeframeSchema,
  }),
]);
export type Command = z.infer<typeof CommandSchema>;

export const ServerMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('auth_ok'),
    protocol: z.number().int(),
    session_token: z.string(),
    expires_at: z.string(),
    server_time: z.number().int(),
  }),
  z.strictObject({ type: z.literal('auth_error'), error: z.string() }),
  /** After hello: the last deal the server holds for this account, so the agent resends the rest. */
  z.strictObject({
    type: z.literal('resume'),
    account_number: z.number().int(),
    last_deal_ticket: z.number().int().nonnegative(),
  }),
  /**
   * Sent only after the batch is committed: the agent may forget everything up to last_ticket.
   * `rejected` names the deals of the batch that can never be stored (they failed the contract);
   * the agent keeps them in its dead-letter file instead of sending them again.
   */
  z.strictObject({
    type: z.literal('deals_ack'),
    batch_id: batchId,
    last_ticket: z.number().int().nonnegative(),
    stored: z.number().int().nonnegative(),
    rejected: z.array(RejectedDealSchema).optional(),
  }),
  /**
   * The whole batch can never be stored (no deal of it could be told apart, or the database
   * refused its data): the agent dead-letters it and goes on with the next. Never sent for a
   * passing fault such as the database being down: then the batch is not answered at all (the
   * connection stays open) and the agent sends it again after its ack timeout.
   */
  z.strictObject({
    type: z.literal('deals_rejected'),
    batch_id: z.string().max(200),
    reason: z.string(),
  }),
  /** Sent only after the batch is committed: the agent may forget those orders. */
  z.strictObject({
    type: z.literal('history_orders_ack'),
    batch_id: batchId,
    stored: z.number().int().nonnegative(),
  }),
  /** The batch fails the contract and can never be stored: the agent drops it. */
  z.strictObject({
    type: z.literal('history_orders_rejected'),
    batch_id: z.string().max(200),
    reason: z.string(),
  }),
  z.strictObject({
    type: z.literal('command'),
    command_id: commandId,
    expires_at: z.number().int(),
    command: CommandSchema,
  }),
  z.strictObject({ type: z.literal('session_refreshed'), expires_at: z.string() }),
  z.strictObject({ type: z.literal('revoked'), reason: z.string() }),
  z.strictObject({ type: z.literal('error'), error: z.string(), ref: z.string().optional() }),
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;
