import {
  AgentMessageSchema,
  bridgeMessages as msg,
  plainDealsMessage,
  type AgentMessage,
} from '@vortex/core';
import { readDeals, type DealBatch } from './deal-batch.js';
import { copyRows } from './deal-copy.js';

/** An agent message as read on arrival, before it is handled in its turn. */
export type ParsedAgentMessage =
  | { kind: 'message'; m: Exclude<AgentMessage, { type: 'deals' }> }
  | { kind: 'deals'; batch: DealBatch }
  | { kind: 'refused-batch'; batchId: string; reason: string; raw: unknown }
  /** A history_orders batch that fails the contract: refused by its id, so the agent drops it. */
  | { kind: 'refused-orders'; batchId: string; reason: string }
  | { kind: 'invalid'; error: string };

/** Parsing and validation, done as each message arrives: they overlap the previous insert. */
export function parseAgentMessage(raw: string): ParsedAgentMessage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kind: 'invalid', error: `${msg.invalidMessage}: JSON inválido.` };
  }
  // Deal batches, the bulk of the traffic, take a checked fast path; a batch it refuses is
  // read deal by deal, so that a poisoned deal is refused alone.
  const fast = plainDealsMessage(json);
  if (fast) {
    const batch = {
      batchId: fast.batch_id,
      deals: fast.deals,
      refused: [],
      rows: copyRows(fast.deals),
    };
    return { kind: 'deals', batch };
  }
  const deals = readDeals(json);
  if (deals?.ok) return { kind: 'deals', batch: deals.batch };
  if (deals)
    return { kind: 'refused-batch', batchId: deals.batchId, reason: deals.reason, raw: deals.raw };
  const parsed = AgentMessageSchema.safeParse(json);
  // Only a deals message without a usable batch id is left here, and it fails the schema.
  if (parsed.success && parsed.data.type !== 'deals') return { kind: 'message', m: parsed.data };
  const issue = parsed.error?.issues[0];
  const ordersBatch = historyOrdersBatchId(json);
  if (ordersBatch !== undefined) {
    const where = issue?.path.join('.') ?? '';
    return {
      kind: 'refused-orders',
      batchId: ordersBatch,
      reason: `${msg.invalidMessage}: ${where} ${issue?.message ?? ''}`.trim(),
    };
  }
  return {
    kind: 'invalid',
    error: `${msg.invalidMessage}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
  };
}

/** The batch id of a history_orders message, when it has one to be answered by. */
function historyOrdersBatchId(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { type, batch_id: batchId } = json as Record<string, unknown>;
  if (type !== 'history_orders' || typeof batchId !== 'string') return undefined;
  return batchId.length > 0 && batchId.length <= 200 ? batchId : undefined;
}
