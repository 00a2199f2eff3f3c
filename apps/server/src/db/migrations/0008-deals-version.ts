export const sql = /* sql */ `
-- What a reader needs to know whether its copy of an account's deals is current, kept by the
-- database itself so that every writer (the agent's batches, imports, tests) moves it: how many
-- deals the account holds, its highest ticket, and an epoch bumped whenever deals are deleted.
-- Deals arriving in ticket order only grow the count and the highest ticket, and a reader holding
-- the older pair can fetch just the tickets above it; anything else tells it to read them anew.
ALTER TABLE mt5_accounts
  ADD COLUMN deals_count bigint NOT NULL DEFAULT 0,
  ADD COLUMN deals_max_ticket bigint NOT NULL DEFAULT 0,
  ADD COLUMN deals_epoch bigint NOT NULL DEFAULT 0;

UPDATE mt5_accounts a SET deals_count = d.n, deals_max_ticket = d.max_ticket
FROM (SELECT account_id, count(*) AS n, max(ticket) AS max_ticket FROM deals GROUP BY account_id) d
WHERE d.account_id = a.id;

-- Statement-level, over the transition table: one UPDATE per batch of thousands of deals.
CREATE FUNCTION count_inserted_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mt5_accounts a
  SET deals_count = a.deals_count + d.n, deals_max_ticket = greatest(a.deals_max_ticket, d.max_ticket)
  FROM (SELECT account_id, count(*) AS n, max(ticket) AS max_ticket FROM inserted GROUP BY account_id) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION count_deleted_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mt5_accounts a SET deals_count = a.deals_count - d.n, deals_epoch = a.deals_epoch + 1
  FROM (SELECT account_id, count(*) AS n FROM deleted GROUP BY account_id) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER deals_count_inserted AFTER INSERT ON deals
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_deals();
CREATE TRIGGER deals_count_deleted AFTER DELETE ON deals
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_deals();
`;
