export const sql = /* sql */ `
-- What a reader needs to know whether its copy of an account's deals is current, kept by the
-- database itself so that every writer (the agent's batches, imports, tests) moves it: how many
-- deals the account holds, its highest ticket, and an epoch bumped whenever deals are deleted.
-- Deals arriving in ticket order only grow the count and the highest ticket, and a reader holding
-- the older pair can fetch just the tickets above it; anything else tells it to read them anew.
--
-- Kept in a few rows per account, one per writer connection (shard = backend pid mod 16): an
-- agent keeps two batches in flight on two connections, and one counter row would make the
-- second wait for the first's commit on its lock (measured: a third of the ingestion rate).
-- The version is the sum of the account's rows.
CREATE TABLE deal_counts (
  account_id  bigint NOT NULL,
  shard       smallint NOT NULL,
  count       bigint NOT NULL DEFAULT 0,
  max_ticket  bigint NOT NULL DEFAULT 0,
  epoch       bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, shard)
);

INSERT INTO deal_counts (account_id, shard, count, max_ticket)
SELECT account_id, 0, count(*), max(ticket) FROM deals GROUP BY account_id;

-- Statement-level, over the transition table: one upsert per batch of thousands of deals.
CREATE FUNCTION count_inserted_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_counts AS c (account_id, shard, count, max_ticket)
  SELECT account_id, pg_backend_pid() % 16, count(*), max(ticket) FROM inserted GROUP BY account_id
  ON CONFLICT (account_id, shard) DO UPDATE
    SET count = c.count + EXCLUDED.count, max_ticket = greatest(c.max_ticket, EXCLUDED.max_ticket);
  RETURN NULL;
END;
$$;

CREATE FUNCTION count_deleted_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_counts AS c (account_id, shard, count, epoch)
  SELECT account_id, pg_backend_pid() % 16, -count(*), 1 FROM deleted GROUP BY account_id
  ON CONFLICT (account_id, shard) DO UPDATE
    SET count = c.count + EXCLUDED.count, epoch = c.epoch + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER deals_count_inserted AFTER INSERT ON deals
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_deals();
CREATE TRIGGER deals_count_deleted AFTER DELETE ON deals
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_deals();

-- An account's rows go with it (after its deals, whose delete would write them again).
CREATE FUNCTION forget_account_deal_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM deal_counts WHERE account_id = OLD.id;
  RETURN OLD;
END;
$$;

-- Triggers of one event fire in name order: after mt5_accounts_delete_deals.
CREATE TRIGGER mt5_accounts_forget_deal_counts AFTER DELETE ON mt5_accounts
  FOR EACH ROW EXECUTE FUNCTION forget_account_deal_counts();

-- An account's version as one JSON object, for the readers.
CREATE FUNCTION deals_version(account bigint) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('count', coalesce(sum(count), 0), 'maxTicket', coalesce(max(max_ticket), 0),
                           'epoch', coalesce(sum(epoch), 0))
  FROM deal_counts WHERE account_id = account;
$$;
`;
