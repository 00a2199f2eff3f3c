import {
  BarSchema,
  CommandSchema,
  Mt5AccountSchema,
  Mt5OrderSchema,
  Mt5PositionSchema,
  MAX_SYMBOL_SPECS,
  SymbolDigitsSchema,
  TimeframeSchema,
  type Command,
} from '@vortex/core';
import { z } from 'zod';

/**
 * The wire between the agent and the VortexBridge Expert Advisor (mql5/VortexBridge.mq5): one
 * JSON object per line over TCP on 127.0.0.1, the EA connecting as the client. Bump the version
 * on any change an older EA could misread.
 */
export const EA_PROTOCOL_VERSION = 1;
/** A line longer than this is not from our EA (a deal batch of 1,000 is about 300 KB). */
export const EA_MAX_LINE = 4 * 1024 * 1024;

const commandId = z.uuid();

// EA -> agent.

export const EaHelloSchema = z.strictObject({
  type: z.literal('hello'),
  protocol: z.number().int().positive(),
  ea_version: z.string().min(1).max(32),
  account_number: z
    .number()
    .int()
    .positive()
    .max(2 ** 53),
  server: z.string().trim().min(1).max(128),
  company: z.string().max(128).default(''),
  currency: z.string().trim().min(3).max(8),
  margin_mode: z.enum(['netting', 'hedging']),
  trade_mode: z.enum(['real', 'demo']),
  terminal_build: z.number().int().nonnegative().optional(),
  /** The symbols the terminal offers, when the EA says (the simulated terminal does). */
  symbols: z.array(z.string().trim().min(1).max(32)).max(5_000).optional(),
  /** SYMBOL_DIGITS of the symbols it trades; older EAs leave it out. */
  symbol_digits: z.array(SymbolDigitsSchema).max(5_000).optional(),
  /**
   * The Market Watch symbols' contracts (core SymbolSpecSchema), checked one by one by the
   * adapter: a symbol the terminal has not synchronised (tick 0) costs that entry, not the hello.
   * Older EAs leave it out.
   */
  symbol_specs: z.array(z.unknown()).max(MAX_SYMBOL_SPECS).optional(),
});

export const EaHeartbeatSchema = z.strictObject({
  type: z.literal('heartbeat'),
  /** TERMINAL_CONNECTED: the terminal reaches its trade server. */
  terminal_connected: z.boolean(),
  /** TERMINAL_TRADE_ALLOWED: the Algo Trading button is on. */
  trade_allowed: z.boolean(),
  /** The terminal's TimeGMT(), epoch s; informative only. */
  time: z.number().int().nonnegative().optional(),
});

export const EaAccountSchema = z.strictObject({
  type: z.literal('account'),
  account: Mt5AccountSchema,
});
export const EaPositionsSchema = z.strictObject({
  type: z.literal('positions'),
  positions: z.array(Mt5PositionSchema).max(1_000),
});
export const EaOrdersSchema = z.strictObject({
  type: z.literal('orders'),
  orders: z.array(Mt5OrderSchema).max(1_000),
});
/**
 * Deals in ticket order. Each one is checked on its own against Mt5DealSchema by the adapter,
 * so one odd record costs that deal (logged), not the whole batch.
 */
export const EaDealsSchema = z.strictObject({
  type: z.literal('deals'),
  deals: z.array(z.unknown()).max(1_000),
});
/**
 * History orders done at or after the sync's `orders_since_msc`, checked one by one against
 * Mt5HistoryOrderSchema by the adapter, like deals. Older EAs never send them.
 */
export const EaHistoryOrdersSchema = z.strictObject({
  type: z.literal('history_orders'),
  orders: z.array(z.unknown()).max(1_000),
});
/** Closed bars of a subscribed symbol and timeframe, oldest first. */
export const EaBarsSchema = z.strictObject({
  type: z.literal('bars'),
  symbol: z.string().trim().min(1).max(32),
  timeframe: TimeframeSchema,
  bars: z.array(BarSchema).max(10_000),
});
/** Why a command failed before it reached the trade server; the agent words it in pt-BR. */
export const EA_ERRORS = ['unknown_symbol', 'not_found', 'bad_command', 'terminal_error'] as const;
export const EaCommandResultSchema = z.strictObject({
  type: z.literal('command_result'),
  command_id: commandId,
  ok: z.boolean(),
  /** MqlTradeResult.retcode, for trade requests. */
  retcode: z.number().int().optional(),
  error: z.enum(EA_ERRORS).optional(),
  /** The terminal's own text (English); shown only when there is no retcode or error. */
  message: z.string().max(500).default(''),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const EaMessageSchema = z.discriminatedUnion('type', [
  EaHelloSchema,
  EaHeartbeatSchema,
  EaAccountSchema,
  EaPositionsSchema,
  EaOrdersSchema,
  EaDealsSchema,
  EaHistoryOrdersSchema,
  EaBarsSchema,
  EaCommandResultSchema,
]);
export type EaMessage = z.infer<typeof EaMessageSchema>;
export type EaHello = z.infer<typeof EaHelloSchema>;

// Agent -> EA.

/**
 * Answer to hello: send every deal with a ticket above `after_ticket`, and every history order
 * done at or after `orders_since_msc`, then keep going. An older EA ignores the second field.
 */
export const EaSyncSchema = z.strictObject({
  type: z.literal('sync'),
  after_ticket: z.number().int().nonnegative(),
  orders_since_msc: z.number().int().nonnegative().optional(),
});
export const EaErrorSchema = z.strictObject({ type: z.literal('error'), error: z.string() });

/**
 * A command for the EA, flattened (`{"type":"command","command_id":…,"kind":…,"symbol":…}`) so
 * that the EA's small JSON reader only ever sees one level of string, number and boolean values.
 */
export type EaCommand = { type: 'command'; command_id: string } & Command;

export function toEaCommand(commandId: string, command: Command): EaCommand {
  return { type: 'command', command_id: commandId, ...command };
}

/** The reverse of toEaCommand, for tests and tools that play the EA. */
export function parseEaCommand(value: unknown): { command_id: string; command: Command } {
  const {
    type: _type,
    command_id,
    ...command
  } = z.looseObject({ type: z.literal('command'), command_id: commandId }).parse(value);
  return { command_id, command: CommandSchema.parse(command) };
}
