import type { BalanceOperation } from '@vortex/core';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

const OperationRow = z.object({ time: z.number(), amount: z.number(), type: z.number() });

/**
 * The account's balance operations with from <= time <= to, in time order: every deal but
 * buy, sell and credit (core's isBalanceOperationType), its amount the net the statement adds
 * to the balance. Read through migration 31's partial index.
 */
export function balanceOperationsBetween(
  db: Queryable,
  accountId: number,
  from: number,
  to: number,
): Promise<BalanceOperation[]> {
  return rowsOf(
    db,
    OperationRow,
    `SELECT time_msc::float8 AS time, (profit + commission + fee + swap)::float8 AS amount, type
     FROM deals WHERE account_id = $1 AND type NOT IN (0, 1, 3) AND time_msc BETWEEN $2 AND $3
     ORDER BY time_msc, ticket`,
    [accountId, from, to],
  );
}
