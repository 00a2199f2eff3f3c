import { AgentDealsSchema, MAX_DEALS_PER_BATCH, Mt5DealSchema, type Mt5Deal } from '@vortex/core';
import { z } from 'zod';
import type { CopyBody } from './deal-copy.js';
import { ingestMessages } from './ingest.messages.js';

/** A deal of the batch that failed the contract, named by its ticket. */
export interface RefusedDeal {
  ticket: number;
  reason: string;
  raw: unknown;
}

/** The deals to store and those refused, each told apart by ticket. */
export interface DealBatch {
  batchId: string;
  deals: Mt5Deal[];
  refused: RefusedDeal[];
  /** The deals as COPY rows, built on arrival so that it overlaps the previous batch's insert. */
  rows?: CopyBody;
}

export type DealsReading =
  { ok: true; batch: DealBatch } | { ok: false; batchId: string; reason: string; raw: unknown };

/** As deals_rejected can carry it back. */
const BATCH_ID_MAX = 200;
const REASON_MAX = 500;

// The envelope alone: the deals are checked one by one below.
const EnvelopeSchema = AgentDealsSchema.extend({
  deals: z.array(z.unknown()).min(1).max(MAX_DEALS_PER_BATCH),
});

const usableTicket = (t: unknown): t is number =>
  typeof t === 'number' && Number.isSafeInteger(t) && t >= 0;

function describe(error: z.ZodError): string {
  const text = error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX)}…` : text;
}

/**
 * A deals message the fast path did not take, read deal by deal so that one poisoned deal
 * refuses itself and not its batch. Undefined when it is no deals message or has no batch id
 * to answer with (then it gets the schema's `error`, like any other bad message).
 */
export function readDeals(json: unknown): DealsReading | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { type, batch_id: batchId } = json as Record<string, unknown>;
  if (type !== 'deals' || typeof batchId !== 'string') return undefined;
  if (batchId.length === 0 || batchId.length > BATCH_ID_MAX) return undefined;
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    return {
      ok: false,
      batchId,
      reason: ingestMessages.invalidBatch(describe(envelope.error)),
      raw: json,
    };
  }
  const deals: Mt5Deal[] = [];
  const refused: RefusedDeal[] = [];
  for (const raw of envelope.data.deals) {
    const parsed = Mt5DealSchema.safeParse(raw);
    if (parsed.success) {
      deals.push(parsed.data);
      continue;
    }
    const ticket = (raw as { ticket?: unknown } | null)?.ticket;
    if (!usableTicket(ticket))
      return { ok: false, batchId, reason: ingestMessages.unidentified, raw: json };
    refused.push({ ticket, reason: describe(parsed.error), raw });
  }
  // The agent forgets refused deals by ticket: a ticket shared with another deal of the batch
  // would make it forget that one too.
  const tickets = new Set(deals.map((d) => d.ticket));
  for (const r of refused) {
    if (tickets.has(r.ticket))
      return { ok: false, batchId, reason: ingestMessages.unidentified, raw: json };
    tickets.add(r.ticket);
  }
  return { ok: true, batch: { batchId, deals, refused } };
}
