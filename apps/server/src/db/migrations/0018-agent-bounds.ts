/**
 * The agent contract now bounds every number (core's AGENT_LIMITS as of this migration: money
 * within ±1e12, prices within [0, 1e9], volumes within [0, 1e6], bar volumes within [0, 1e12],
 * times up to 2100-01-01). Rows an older version stored outside those bounds broke the reads
 * (two deals of profit 1e308 sum to infinity: seven screens answered 500 for good), so they leave
 * the trading tables for the table of rejections, with the reason the admin reads; and CHECK
 * constraints make the database refuse such values from now on, whoever writes them. The limits
 * are written out here, not read from core: a shipped migration never changes.
 */
export const sql = /* sql */ `
-- What an agent sent and the server refused for good: one deal, a whole batch, or a stored row
-- moved here by this migration. Shown on the admin's bridge health panel. Pruned by the server
-- when it records a rejection (rows older than 30 days; see agent-rejections.repo.ts): the table
-- only grows when rejections arrive, and then it is pruned. raw holds at most a few KB.
CREATE TABLE agent_rejections (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id  bigint REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  session_id  bigint REFERENCES bridge_sessions (id) ON DELETE SET NULL,
  kind        text NOT NULL CHECK (kind IN ('deal', 'batch', 'account', 'position', 'order', 'bar')),
  batch_id    text,
  ticket      bigint,
  reason      text NOT NULL,
  raw         jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_rejections_created_idx ON agent_rejections (created_at);
-- The cascades from a deleted user or account find their rows without a scan.
CREATE INDEX agent_rejections_user_idx ON agent_rejections (user_id);
CREATE INDEX agent_rejections_account_idx ON agent_rejections (account_id);
-- A deal is recorded once however often its batch is resent (an ack lost on the way).
CREATE UNIQUE INDEX agent_rejections_deal_idx ON agent_rejections (account_id, ticket)
  WHERE kind = 'deal';

-- NaN compares above every number, so BETWEEN refuses it as it refuses the infinities.
WITH moved AS (
  DELETE FROM deals
  WHERE NOT (price BETWEEN 0 AND 1e9 AND volume BETWEEN 0 AND 1e6
             AND profit BETWEEN -1e12 AND 1e12 AND commission BETWEEN -1e12 AND 1e12
             AND swap BETWEEN -1e12 AND 1e12 AND time_msc BETWEEN 0 AND 4102444800000)
  RETURNING *
)
INSERT INTO agent_rejections (user_id, account_id, kind, ticket, reason, raw)
SELECT a.user_id, m.account_id, 'deal', m.ticket, 'valor fora dos limites',
       to_jsonb(m) - 'account_id' - 'received_at'
FROM moved m JOIN mt5_accounts a ON a.id = m.account_id;

WITH moved AS (
  DELETE FROM account_snapshots
  WHERE NOT (balance BETWEEN -1e12 AND 1e12 AND equity BETWEEN -1e12 AND 1e12
             AND margin BETWEEN -1e12 AND 1e12 AND free_margin BETWEEN -1e12 AND 1e12
             AND margin_level BETWEEN -1e12 AND 1e12 AND profit BETWEEN -1e12 AND 1e12)
  RETURNING *
)
INSERT INTO agent_rejections (user_id, account_id, kind, reason, raw)
SELECT a.user_id, m.account_id, 'account', 'valor fora dos limites', to_jsonb(m) - 'account_id'
FROM moved m JOIN mt5_accounts a ON a.id = m.account_id;

-- The account's latest figures are one snapshot: out of bounds, all of them are forgotten
-- (unknown until the agent's next report) rather than some kept beside a wrong one.
WITH bad AS (
  SELECT id, user_id,
         jsonb_build_object('balance', balance, 'equity', equity, 'margin', margin,
                            'free_margin', free_margin, 'margin_level', margin_level,
                            'profit', profit, 'account_at', account_at) AS raw
  FROM mt5_accounts
  WHERE NOT (coalesce(balance BETWEEN -1e12 AND 1e12, true)
             AND coalesce(equity BETWEEN -1e12 AND 1e12, true)
             AND coalesce(margin BETWEEN -1e12 AND 1e12, true)
             AND coalesce(free_margin BETWEEN -1e12 AND 1e12, true)
             AND coalesce(margin_level BETWEEN -1e12 AND 1e12, true)
             AND coalesce(profit BETWEEN -1e12 AND 1e12, true))
), cleared AS (
  UPDATE mt5_accounts a SET balance = NULL, equity = NULL, margin = NULL, free_margin = NULL,
    margin_level = NULL, profit = NULL
  FROM bad WHERE a.id = bad.id
)
INSERT INTO agent_rejections (user_id, account_id, kind, reason, raw)
SELECT user_id, id, 'account', 'valor fora dos limites', raw FROM bad;

-- Open positions and working orders are JSON as the agent sent them; a key that is not a number
-- is left alone (CASE, because AND does not promise to test the type before the cast).
WITH moved AS (
  DELETE FROM open_positions p
  WHERE EXISTS (
    SELECT 1 FROM (VALUES ('price_open', 0, 1e9), ('sl', 0, 1e9), ('tp', 0, 1e9),
                          ('price_current', 0, 1e9), ('profit', -1e12, 1e12),
                          ('swap', -1e12, 1e12), ('volume', 0, 1e6), ('time', 0, 4102444800),
                          ('time_msc', 0, 4102444800000)) AS b (k, lo, hi)
    WHERE CASE WHEN jsonb_typeof(p.data -> b.k) = 'number'
               THEN NOT ((p.data ->> b.k)::numeric BETWEEN b.lo AND b.hi) ELSE false END)
  RETURNING *
)
INSERT INTO agent_rejections (user_id, account_id, kind, ticket, reason, raw)
SELECT a.user_id, m.account_id, 'position', m.ticket, 'valor fora dos limites', m.data
FROM moved m JOIN mt5_accounts a ON a.id = m.account_id;

WITH moved AS (
  DELETE FROM pending_orders o
  WHERE EXISTS (
    SELECT 1 FROM (VALUES ('price_open', 0, 1e9), ('sl', 0, 1e9), ('tp', 0, 1e9),
                          ('volume_initial', 0, 1e6), ('time_setup', 0, 4102444800)) AS b (k, lo, hi)
    WHERE CASE WHEN jsonb_typeof(o.data -> b.k) = 'number'
               THEN NOT ((o.data ->> b.k)::numeric BETWEEN b.lo AND b.hi) ELSE false END)
  RETURNING *
)
INSERT INTO agent_rejections (user_id, account_id, kind, ticket, reason, raw)
SELECT a.user_id, m.account_id, 'order', m.ticket, 'valor fora dos limites', m.data
FROM moved m JOIN mt5_accounts a ON a.id = m.account_id;

WITH moved AS (
  DELETE FROM bars
  WHERE NOT (open BETWEEN 0 AND 1e9 AND high BETWEEN 0 AND 1e9 AND low BETWEEN 0 AND 1e9
             AND close BETWEEN 0 AND 1e9 AND tick_volume BETWEEN 0 AND 1000000000000
             AND volume BETWEEN 0 AND 1e12 AND time BETWEEN 0 AND 4102444800)
  RETURNING *
)
INSERT INTO agent_rejections (user_id, account_id, kind, reason, raw)
SELECT a.user_id, m.account_id, 'bar', 'valor fora dos limites', to_jsonb(m) - 'account_id'
FROM moved m JOIN mt5_accounts a ON a.id = m.account_id;

-- From now on the database itself refuses them (SQLSTATE 23514, a rejection for good). The
-- JSON of positions and orders has no such check: the contract's schema guards every write of
-- it, and each agent message replaces the whole picture anyway.
ALTER TABLE deals ADD CONSTRAINT deals_within_agent_limits
  CHECK (price BETWEEN 0 AND 1e9 AND volume BETWEEN 0 AND 1e6
         AND profit BETWEEN -1e12 AND 1e12 AND commission BETWEEN -1e12 AND 1e12
         AND swap BETWEEN -1e12 AND 1e12 AND time_msc BETWEEN 0 AND 4102444800000);
ALTER TABLE account_snapshots ADD CONSTRAINT account_snapshots_within_agent_limits
  CHECK (balance BETWEEN -1e12 AND 1e12 AND equity BETWEEN -1e12 AND 1e12
         AND margin BETWEEN -1e12 AND 1e12 AND free_margin BETWEEN -1e12 AND 1e12
         AND margin_level BETWEEN -1e12 AND 1e12 AND profit BETWEEN -1e12 AND 1e12);
ALTER TABLE mt5_accounts ADD CONSTRAINT mt5_accounts_within_agent_limits
  CHECK (balance BETWEEN -1e12 AND 1e12 AND equity BETWEEN -1e12 AND 1e12
         AND margin BETWEEN -1e12 AND 1e12 AND free_margin BETWEEN -1e12 AND 1e12
         AND margin_level BETWEEN -1e12 AND 1e12 AND profit BETWEEN -1e12 AND 1e12);
ALTER TABLE bars ADD CONSTRAINT bars_within_agent_limits
  CHECK (open BETWEEN 0 AND 1e9 AND high BETWEEN 0 AND 1e9 AND low BETWEEN 0 AND 1e9
         AND close BETWEEN 0 AND 1e9 AND tick_volume BETWEEN 0 AND 1000000000000
         AND volume BETWEEN 0 AND 1e12 AND time BETWEEN 0 AND 4102444800);
`;
