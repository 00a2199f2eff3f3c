import type { AgentMessage, ServerMessage } from '@vortex/core';
import type pg from 'pg';
import { isDataRejected } from '../../db/db-errors.js';
import { upsertHistoryOrders } from './history-orders.repo.js';
import { databaseComplaint, ingestMessages } from './ingest.messages.js';

type HistoryOrdersMessage = Extract<AgentMessage, { type: 'history_orders' }>;

/**
 * Stores a batch of history orders and answers it after the commit. A batch the database
 * refuses is refused for good (the agent drops it); a passing fault (the database away) throws,
 * so the batch goes unanswered and the agent sends it again.
 */
export async function storeHistoryOrders(
  pool: pg.Pool,
  accountId: number,
  m: HistoryOrdersMessage,
  send: (m: ServerMessage) => void,
): Promise<void> {
  let stored: number;
  try {
    stored = await upsertHistoryOrders(pool, accountId, m.orders);
  } catch (err) {
    if (!isDataRejected(err)) throw err;
    const reason = ingestMessages.databaseRefusedBatch(databaseComplaint(err));
    send({ type: 'history_orders_rejected', batch_id: m.batch_id, reason });
    return;
  }
  send({ type: 'history_orders_ack', batch_id: m.batch_id, stored });
}
