import { z } from 'zod';
import {
  Mt5AccountSchema,
  Mt5DealSchema,
  Mt5PositionSchema,
  TimeframeSchema,
} from './mt5-records.schema.js';

/** The live feed keeps this many events and reconnects with this backoff (trading.md §4, §9). */
export const LIVE_EVENT_HISTORY = 300;
export const LIVE_BACKOFF_BASE_MS = 500;
export const LIVE_BACKOFF_MAX_MS = 15_000;
/** A live-channel ticket is good for one connection within this time. */
export const LIVE_TICKET_TTL_MS = 30_000;

/** Session and claim lifecycle events: each refreshes the matching admin list. */
export const BRIDGE_LIFECYCLE_EVENTS = [
  'bridge_paired',
  'bridge_revoked',
  'bridge_revoked_all',
  'bridge_terminated',
  'bridge_refreshed',
  'bridge_token_revoked',
  'bridge_claim_active',
  'bridge_claim_mismatch',
  'bridge_claim_revoked',
  'bridge_claim_reset',
] as const;
export type BridgeLifecycleEventType = (typeof BRIDGE_LIFECYCLE_EVENTS)[number];

/** The toast each lifecycle event shows (trading.md §8, "Event toasts"); the rest are silent. */
export const bridgeEventToasts: Partial<Record<BridgeLifecycleEventType, string>> = {
  bridge_paired: 'Nova sessão pareada',
  bridge_revoked: 'Sessão revogada',
  bridge_revoked_all: 'Todas sessões revogadas',
  bridge_terminated: 'Sessão encerrada',
  bridge_refreshed: 'Sessão renovada',
  bridge_token_revoked: 'Token pendente revogado',
};

const base = {
  /** Server-assigned, increasing within one server process. */
  id: z.number(),
  at: z.string(),
  /** The trader the event concerns. */
  user_id: z.number(),
};

const lifecycle = z.object({
  ...base,
  type: z.enum(BRIDGE_LIFECYCLE_EVENTS),
  account_number: z.number().nullable().optional(),
  expires_at: z.string().nullable().optional(),
  claim_id: z.string().nullable().optional(),
  session_id: z.number().nullable().optional(),
  token_id: z.string().nullable().optional(),
});

/** Snapshot events carry the data itself, so the web app need not poll. */
const bridgeStatus = z.object({
  ...base,
  type: z.literal('bridge_status'),
  connected: z.boolean(),
  mt5_alive: z.boolean(),
  account_number: z.number().nullable(),
});
const accountSnapshot = z.object({
  ...base,
  type: z.literal('account_snapshot'),
  account_number: z.number(),
  account: Mt5AccountSchema,
});
const positionsSnapshot = z.object({
  ...base,
  type: z.literal('positions_snapshot'),
  account_number: z.number(),
  positions: z.array(Mt5PositionSchema),
});
const dealsAdded = z.object({
  ...base,
  type: z.literal('deals_added'),
  account_number: z.number(),
  /** The account's deposit currency, for the texts that name amounts (alerts). */
  currency: z.string().optional(),
  /** The newest deals of the batch (at most 50); `count` says how many were stored. */
  deals: z.array(Mt5DealSchema),
  count: z.number(),
});

/** Bars of a subscribed symbol were stored: price charts of it reload. */
const barsAdded = z.object({
  ...base,
  type: z.literal('bars_added'),
  account_number: z.number(),
  symbol: z.string(),
  timeframe: TimeframeSchema,
  count: z.number(),
  /** Opening time (epoch s) of the newest bar of the batch. */
  last_time: z.number(),
});

/** A risk limit stopped the trader's bot: the app tells them at once (and alerts follow it). */
const botRiskStop = z.object({
  ...base,
  type: z.literal('bot_risk_stop'),
  reason: z.enum(['daily_loss', 'max_drawdown']),
  /** The pt-BR sentence naming the limit, the figures, and what the bot did. */
  message: z.string(),
  /** Positions the bot sent to close. */
  closed: z.number(),
});

/** The trader's bot changed (started, stopped, entries, an error, a lease moved): re-read /bot/status. */
const botStatus = z.object({
  ...base,
  type: z.literal('bot_status'),
  bot_active: z.boolean(),
});

export const BridgeEventSchema = z.discriminatedUnion('type', [
  lifecycle,
  bridgeStatus,
  accountSnapshot,
  positionsSnapshot,
  dealsAdded,
  barsAdded,
  botRiskStop,
  botStatus,
]);
export type BridgeEvent = z.infer<typeof BridgeEventSchema>;
/** An event before the bus stamps it with id and time. */
export type BridgeEventInput = BridgeEvent extends infer E
  ? E extends BridgeEvent
    ? Omit<E, 'id' | 'at'>
    : never
  : never;

/** Events only their trader sees; lifecycle events also reach every admin. */
export const PRIVATE_EVENT_TYPES = new Set<BridgeEvent['type']>([
  'account_snapshot',
  'positions_snapshot',
  'deals_added',
  'bars_added',
  'bot_risk_stop',
  'bot_status',
]);

export const LiveTicketSchema = z.object({
  success: z.literal(true),
  ticket: z.string(),
  expires_at: z.string(),
});

export const liveMessages = {
  ticketInvalid: 'Ticket de conexão inválido ou expirado. Reconecte.',
  firstMessage: 'A primeira mensagem deve trazer o ticket de conexão.',
  sessionEnded: 'Sua sessão terminou ou mudou. Reconectando os eventos ao vivo.',
} as const;

export const LiveQuerySchema = z.object({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/, liveMessages.ticketInvalid),
});

/** The browser's first WebSocket message: a ticket, or (spec) the bearer token itself. */
export const LiveWsAuthSchema = z
  .object({
    ticket: z.string().min(1).max(200).optional(),
    auth_token: z.string().min(1).max(200).optional(),
  })
  .refine((v) => (v.ticket ?? v.auth_token) !== undefined, liveMessages.firstMessage);

/** What the server sends on /api/bridge/ws besides events. */
export const LiveWsControlSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ws_connected'), user_id: z.number() }),
  z.object({ type: z.literal('error'), error: z.string() }),
]);
export type LiveWsControl = z.infer<typeof LiveWsControlSchema>;
