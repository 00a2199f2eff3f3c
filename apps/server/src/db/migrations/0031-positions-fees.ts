/**
 * Issue 26: a deal's fee (DEAL_FEE, stored since 0027) counts in its position's net, as the
 * statement counts it. closed_positions gets the round trip's fee; the accounts that have a
 * fee somewhere are built again (positions and day totals, as 0025 did for every account): without
 * a watermark the follower's backfill rebuilds them from their deals. The screens also read a
 * window's balance operations (every deal type but buy, sell and credit) by time: a few rows
 * among an account's deals, found by a partial index instead of a scan of the window's trades.
 */
export const sql = /* sql */ `
ALTER TABLE closed_positions ADD COLUMN fee double precision NOT NULL DEFAULT 0;

CREATE INDEX deals_balance_operations_idx ON deals (account_id, time_msc)
  WHERE type NOT IN (0, 1, 3);

-- One scan of the deals (no index holds the fee), not one per table.
CREATE TEMP TABLE fee_accounts ON COMMIT DROP AS
SELECT DISTINCT account_id FROM deals WHERE fee <> 0;

DELETE FROM closed_positions WHERE account_id IN (SELECT account_id FROM fee_accounts);
DELETE FROM deal_day_totals WHERE account_id IN (SELECT account_id FROM fee_accounts);
DELETE FROM positions_watermarks WHERE account_id IN (SELECT account_id FROM fee_accounts);
`;
