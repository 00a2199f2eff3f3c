/**
 * The follower's inserts into closed_positions and deal_day_totals paid a foreign-key trigger per
 * row: about half of PostgreSQL's cost of following ingestion (~19 µs a position), as deals paid
 * before 0007. Their account id always comes from the follower's own account, and every follower
 * transaction also writes positions_watermarks, whose foreign key stays: a run racing the delete of
 * its account fails there and rolls its rows back with it. The cascade is kept by one trigger on
 * the (rare) delete of an account.
 */
export const sql = /* sql */ `
ALTER TABLE closed_positions DROP CONSTRAINT closed_positions_account_id_fkey;
ALTER TABLE deal_day_totals DROP CONSTRAINT deal_day_totals_account_id_fkey;

CREATE FUNCTION delete_account_positions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM closed_positions WHERE account_id = OLD.id;
  DELETE FROM deal_day_totals WHERE account_id = OLD.id;
  RETURN OLD;
END;
$$;

CREATE TRIGGER mt5_accounts_delete_positions AFTER DELETE ON mt5_accounts
  FOR EACH ROW EXECUTE FUNCTION delete_account_positions();
`;
