/**
 * One account is one account (issue 26): the same login at the same server is one row whatever
 * fed it, the agent or any number of imports. 0026 kept an imported copy beside the live one, and
 * every total that read both (the DARF first) counted each deal twice.
 *
 * Each pair is merged into the live row: what the imported copy holds that the live one lacks
 * (deals and history orders by ticket, symbol digits by symbol) moves over, the user's choice
 * follows, and the copy goes. The survivor's positions are rebuilt from its deals (as 0025 does).
 * `kind` now says whether an agent ever said hello for the account: the hello turns an imported
 * account live. Where an account's data came from stays: `last_hello_at` for the agent, the
 * `last_import_*` columns for the latest import. Strategy Tester reports (number 0, a server of
 * their own) never meet an agent's login, so they stay accounts of their own.
 *
 * `agent_deal_ticket` is the highest ticket the account's agent has had acknowledged: where its
 * next session resumes. It is not the highest ticket stored, since an import may hold tickets the
 * agent never sent (deals it lost, or a statement newer than its last session); resuming from
 * those would skip the agent's own deals between. An account's agent so far sent every deal it
 * holds, so it starts at their highest, before any imported copy is merged in.
 */
export const sql = /* sql */ `
ALTER TABLE mt5_accounts
  ADD COLUMN last_import_at   timestamptz,
  ADD COLUMN last_import_file text CHECK (length(last_import_file) <= 255),
  ADD COLUMN last_import_from bigint,
  ADD COLUMN last_import_to   bigint,
  ADD COLUMN agent_deal_ticket bigint NOT NULL DEFAULT 0;

UPDATE mt5_accounts a
SET agent_deal_ticket = COALESCE((SELECT max(ticket) FROM deals d WHERE d.account_id = a.id), 0)
WHERE a.kind = 'live';

CREATE TEMP TABLE merged_accounts ON COMMIT DROP AS
SELECT i.id AS copy_id, l.id AS live_id
FROM mt5_accounts i
JOIN mt5_accounts l ON l.user_id = i.user_id AND l.account_number = i.account_number
                   AND l.server = i.server AND l.kind = 'live'
WHERE i.kind = 'imported';

INSERT INTO deals (account_id, ticket, order_ticket, position_id, symbol, type, entry, volume,
                   price, profit, commission, swap, magic, reason, comment, time_msc, received_at, fee)
SELECT m.live_id, d.ticket, d.order_ticket, d.position_id, d.symbol, d.type, d.entry, d.volume,
       d.price, d.profit, d.commission, d.swap, d.magic, d.reason, d.comment, d.time_msc,
       d.received_at, d.fee
FROM deals d JOIN merged_accounts m ON m.copy_id = d.account_id
ON CONFLICT (account_id, ticket) DO NOTHING;

INSERT INTO mt5_history_orders
SELECT m.live_id, o.ticket, o.symbol, o.type, o.state, o.volume_initial, o.volume_current,
       o.price_open, o.sl, o.tp, o.price_current, o.time_setup_msc, o.time_done_msc, o.magic,
       o.comment, o.position_id, o.reason
FROM mt5_history_orders o JOIN merged_accounts m ON m.copy_id = o.account_id
ON CONFLICT (account_id, ticket) DO NOTHING;

INSERT INTO mt5_symbol_digits (account_id, symbol, digits)
SELECT m.live_id, s.symbol, s.digits
FROM mt5_symbol_digits s JOIN merged_accounts m ON m.copy_id = s.account_id
ON CONFLICT (account_id, symbol) DO NOTHING;

UPDATE agent_rejections r SET account_id = m.live_id
FROM merged_accounts m WHERE r.account_id = m.copy_id AND r.ticket IS NULL;

UPDATE account_choices c SET account_id = m.live_id
FROM merged_accounts m WHERE c.account_id = m.copy_id;

-- The report's figures only where the agent never gave any.
UPDATE mt5_accounts l SET balance = i.balance, equity = i.equity, margin = i.margin,
  free_margin = i.free_margin, margin_level = i.margin_level, profit = i.profit,
  account_at = i.account_at
FROM merged_accounts m JOIN mt5_accounts i ON i.id = m.copy_id
WHERE l.id = m.live_id AND l.account_at IS NULL AND i.account_at IS NOT NULL;

-- When the import was is not known before this migration: the copy's creation, its first one.
UPDATE mt5_accounts l SET last_import_at = i.created_at
FROM merged_accounts m JOIN mt5_accounts i ON i.id = m.copy_id
WHERE l.id = m.live_id;
UPDATE mt5_accounts SET last_import_at = created_at WHERE kind = 'imported';

DELETE FROM closed_positions WHERE account_id IN (SELECT live_id FROM merged_accounts);
DELETE FROM deal_day_totals WHERE account_id IN (SELECT live_id FROM merged_accounts);
DELETE FROM positions_watermarks WHERE account_id IN (SELECT live_id FROM merged_accounts);

DELETE FROM mt5_accounts WHERE id IN (SELECT copy_id FROM merged_accounts);

DROP INDEX mt5_accounts_live_key;
DROP INDEX mt5_accounts_imported_key;
CREATE UNIQUE INDEX mt5_accounts_login_key ON mt5_accounts (user_id, account_number, server);
`;
