export const sql = /* sql */ `
-- Deals arrive in batches of thousands, and a foreign key checks every row with a trigger: about
-- half of an insert's cost. The account id always comes from the server's own upsert of the
-- agent's account, so the check adds nothing; the cascade it gave is kept by one trigger on the
-- (rare) delete of an account.
ALTER TABLE deals DROP CONSTRAINT deals_account_id_fkey;

CREATE FUNCTION delete_account_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM deals WHERE account_id = OLD.id;
  RETURN OLD;
END;
$$;

CREATE TRIGGER mt5_accounts_delete_deals AFTER DELETE ON mt5_accounts
  FOR EACH ROW EXECUTE FUNCTION delete_account_deals();
`;
