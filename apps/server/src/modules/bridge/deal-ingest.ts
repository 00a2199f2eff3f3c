import type { ServerMessage } from '@vortex/core';
import type pg from 'pg';
import { isDataRejected } from '../../db/db-errors.js';
import type { EventBus } from '../live/event-bus.js';
import { handOffStoredDeals } from '../trading/positions-follower-handoff.js';
import { recordRejections, type RejectionRecord } from './agent-rejections.repo.js';
import type { DealBatch } from './deal-batch.js';
import { databaseComplaint, ingestMessages } from './ingest.messages.js';
import { insertDeals, raiseAgentDealTicket } from './trading-ingest.repo.js';

/** Newest deals carried in a live event; the web app refetches when it needs more. */
const DEALS_IN_EVENT = 50;

/** Whose deals these are: the connection's user, bridge session and MT5 account. */
export interface IngestTarget {
  userId: number;
  sessionId: number;
  accountId: number;
  accountNumber: number;
  /** The deposit currency the agent's hello named. */
  currency?: string;
}

const maxTicket = (tickets: number[]) => tickets.reduce((max, t) => Math.max(max, t), 0);

/**
 * One account's deal batches on one connection. Every answer follows its commit; a fault that
 * passes (the database away) throws, so the batch goes unanswered and the agent sends it again.
 */
export class DealIngest {
  constructor(
    private readonly deps: { pool: pg.Pool; bus: EventBus },
    private readonly target: IngestTarget,
    private readonly send: (m: ServerMessage) => void,
    /** The highest ticket known stored for the account: batches above it skip the conflict check. */
    private storedUpTo: number,
  ) {}

  /** Stores the valid deals and names the refused ones in the ack. */
  async store(batch: DealBatch): Promise<void> {
    // Recorded first, and once per ticket: a resend after a fault records nothing twice.
    await recordRejections(
      this.deps.pool,
      batch.refused.map((r) =>
        this.record({
          kind: 'deal',
          batchId: batch.batchId,
          ticket: r.ticket,
          reason: r.reason,
          raw: r.raw,
        }),
      ),
    );
    let stored = 0;
    if (batch.deals.length > 0) {
      try {
        stored = await insertDeals(
          this.deps.pool,
          this.target.accountId,
          batch.deals,
          this.storedUpTo,
          batch.rows,
        );
      } catch (err) {
        if (!isDataRejected(err)) throw err;
        const reason = ingestMessages.databaseRefusedBatch(databaseComplaint(err));
        await this.refuse(batch.batchId, reason, batch.deals);
        return;
      }
    }
    // Every deal new, so exactly these rows were added: the follower may take them as they are.
    if (stored > 0 && stored === batch.deals.length) {
      handOffStoredDeals(this.deps.bus, this.target.accountId, batch.deals);
    }
    const storedLast = maxTicket(batch.deals.map((d) => d.ticket));
    this.storedUpTo = Math.max(this.storedUpTo, storedLast);
    const lastTicket = Math.max(storedLast, maxTicket(batch.refused.map((r) => r.ticket)));
    // Where the agent's next session resumes, moved before the answer that lets it forget these.
    if (lastTicket > 0)
      await raiseAgentDealTicket(this.deps.pool, this.target.accountId, lastTicket);
    this.send({
      type: 'deals_ack',
      batch_id: batch.batchId,
      last_ticket: lastTicket,
      stored,
      ...(batch.refused.length > 0
        ? { rejected: batch.refused.map(({ ticket, reason }) => ({ ticket, reason })) }
        : {}),
    });
    if (stored > 0) {
      this.deps.bus.publish({
        type: 'deals_added',
        user_id: this.target.userId,
        account_number: this.target.accountNumber,
        ...(this.target.currency !== undefined && { currency: this.target.currency }),
        deals: batch.deals.slice(-DEALS_IN_EVENT),
        count: stored,
      });
    }
  }

  /** Refuses a whole batch for good: recorded, then answered so the agent stops sending it. */
  async refuse(batchId: string, reason: string, raw: unknown): Promise<void> {
    await recordRejections(this.deps.pool, [
      this.record({ kind: 'batch', batchId, ticket: null, reason, raw }),
    ]);
    this.send({ type: 'deals_rejected', batch_id: batchId, reason });
  }

  private record(
    r: Pick<RejectionRecord, 'kind' | 'batchId' | 'ticket' | 'reason' | 'raw'>,
  ): RejectionRecord {
    return {
      userId: this.target.userId,
      accountId: this.target.accountId,
      sessionId: this.target.sessionId,
      ...r,
    };
  }
}
