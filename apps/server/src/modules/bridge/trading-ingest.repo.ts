import type { Mt5Deal, Mt5Order, Mt5Position } from '@vortex/core';
import type pg from 'pg';
import { z } from 'zod';
import { isDataRejected } from '../../db/db-errors.js';
import { oneRow } from '../../db/rows.js';
import { inTransaction, type Queryable } from '../../lib/db-types.js';
import { copyDeals, copyRows, type CopyBody } from './deal-copy.js';

export interface AgentAccountKey {
  userId: number;
  accountNumber: number;
  server: string;
  company: string;
  currency: string;
  marginMode: string;
  tradeMode: string;
}

/**
 * The agent's account, by login and server (migration 0030): an account so far only imported is
 * adopted, its deals kept, and is live from now on. `adopted` says this hello is the first for
 * an account that already held imported deals; `agentDealTicket` is where the agent resumes (the
 * highest ticket it has had acknowledged, 0 for an account no agent fed yet).
 */
export async function helloAccount(
  db: Queryable,
  a: AgentAccountKey,
): Promise<{ id: number; adopted: boolean; agentDealTicket: number }> {
  return oneRow(
    db,
    z
      .object({ id: z.number().int(), adopted: z.boolean(), agent_deal_ticket: z.number().int() })
      .transform(({ agent_deal_ticket, ...r }) => ({ ...r, agentDealTicket: agent_deal_ticket })),
    `WITH before AS (
       SELECT last_hello_at FROM mt5_accounts
       WHERE user_id = $1 AND account_number = $2 AND server = $3)
     INSERT INTO mt5_accounts (user_id, account_number, server, company, currency, margin_mode, trade_mode, last_hello_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (user_id, account_number, server) DO UPDATE SET
       company = EXCLUDED.company, currency = EXCLUDED.currency, margin_mode = EXCLUDED.margin_mode,
       trade_mode = EXCLUDED.trade_mode, kind = 'live', last_hello_at = now()
     RETURNING id, EXISTS (SELECT 1 FROM before WHERE last_hello_at IS NULL) AS adopted,
       agent_deal_ticket`,
    [a.userId, a.accountNumber, a.server, a.company, a.currency, a.marginMode, a.tradeMode],
  );
}

/** The agent's account id (see helloAccount). */
export async function upsertAccount(db: Queryable, a: AgentAccountKey): Promise<number> {
  return (await helloAccount(db, a)).id;
}

/**
 * Records that the account's agent has had every deal up to `ticket` acknowledged: its next
 * session resumes there. Written before the acknowledgement, so a crash between leaves a mark at
 * most one batch behind, and the batch is resent and skipped by ticket.
 */
export async function raiseAgentDealTicket(
  db: Queryable,
  accountId: number,
  ticket: number,
): Promise<void> {
  await db.query(
    `UPDATE mt5_accounts SET agent_deal_ticket = $2
     WHERE id = $1 AND agent_deal_ticket < $2`,
    [accountId, ticket],
  );
}

export async function lastDealTicket(db: Queryable, accountId: number): Promise<number> {
  const { t } = await oneRow(
    db,
    z.object({ t: z.number().int().nullable() }),
    'SELECT max(ticket) AS t FROM deals WHERE account_id = $1',
    [accountId],
  );
  return t ?? 0;
}

// node-postgres turns a JS array into an array literal element by element, through its generic
// value conversion: ~18 ms of the server's CPU for a batch of 5,000 deals. Numbers need no quoting
// (the schema has made them finite) and text is quoted as node-postgres quotes it: ~6 ms.
const numberArray = (values: number[]) => `{${values.join(',')}}`;
const quoted = (s: string) => `"${s.replace(/[\\"]/g, '\\$&')}"`;
const textArray = (values: string[]) => `{${values.map(quoted).join(',')}}`;

const INSERT_DEALS = `INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type,
    entry, volume, price, profit, commission, swap, magic, reason, comment, time_msc, fee)
  SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::smallint[],
    $7::smallint[], $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[],
    $13::bigint[], $14::smallint[], $15::text[], $16::bigint[], $17::float8[])`;

/**
 * One statement, so one commit: the whole batch is stored or none of it, and a deal already
 * stored (a resend after a lost ack) is skipped by the primary key. Returns how many were new.
 *
 * `storedUpTo` is the highest ticket the caller knows is stored for the account. A batch wholly
 * above it is new, so it goes in by COPY, without the conflict check (about half the database's
 * work of the INSERT below); should another connection have stored some of it meanwhile, or the
 * data be refused, the COPY stores nothing and the INSERT runs, with the check and its own answer.
 * `rows` are the batch's COPY rows when the caller built them ahead (see deal-copy.ts).
 */
export async function insertDeals(
  db: Queryable,
  accountId: number,
  deals: Mt5Deal[],
  storedUpTo = Number.POSITIVE_INFINITY,
  rows?: CopyBody,
): Promise<number> {
  const lowest = deals.reduce((min, d) => Math.min(min, d.ticket), Number.POSITIVE_INFINITY);
  // COPY needs a connection of its own: a transaction's client keeps the INSERT.
  if (lowest > storedUpTo && !('release' in db)) {
    const body = rows ?? copyRows(deals);
    try {
      if (body) return await copyDeals(db, accountId, body);
    } catch (err) {
      if (!isDataRejected(err)) throw err;
    }
  }
  const col = <K extends keyof Mt5Deal>(k: K) => deals.map((d) => d[k]);
  const { rowCount } = await db.query(
    `${INSERT_DEALS} ON CONFLICT (account_id, ticket) DO NOTHING`,
    [
      accountId,
      numberArray(col('ticket')),
      numberArray(col('order')),
      numberArray(col('position_id')),
      textArray(col('symbol')),
      numberArray(col('type')),
      numberArray(col('entry')),
      numberArray(col('volume')),
      numberArray(col('price')),
      numberArray(col('profit')),
      numberArray(col('commission')),
      numberArray(col('swap')),
      numberArray(col('magic')),
      numberArray(col('reason')),
      textArray(col('comment')),
      numberArray(col('time_msc')),
      numberArray(deals.map((d) => d.fee ?? 0)),
    ],
  );
  return rowCount ?? 0;
}

/** Open positions and working orders are whole pictures: each message replaces the last. */
export async function replaceOpenPositions(
  pool: pg.Pool,
  accountId: number,
  positions: Mt5Position[],
): Promise<void> {
  await inTransaction(pool, async (tx) => {
    await tx.query('DELETE FROM open_positions WHERE account_id = $1', [accountId]);
    if (positions.length === 0) return;
    await tx.query(
      'INSERT INTO open_positions (account_id, ticket, data) SELECT $1, t, d FROM unnest($2::bigint[], $3::jsonb[]) AS x(t, d)',
      [accountId, positions.map((p) => p.ticket), positions.map((p) => JSON.stringify(p))],
    );
  });
}

export async function replacePendingOrders(
  pool: pg.Pool,
  accountId: number,
  orders: Mt5Order[],
): Promise<void> {
  await inTransaction(pool, async (tx) => {
    await tx.query('DELETE FROM pending_orders WHERE account_id = $1', [accountId]);
    if (orders.length === 0) return;
    await tx.query(
      'INSERT INTO pending_orders (account_id, ticket, data) SELECT $1, t, d FROM unnest($2::bigint[], $3::jsonb[]) AS x(t, d)',
      [accountId, orders.map((o) => o.order), orders.map((o) => JSON.stringify(o))],
    );
  });
}
