/**
 * What the terminal knows that the statement needs (issue 16): the history orders the agent
 * reports (with their S / L, T / P, state and done time), each deal's fee (DEAL_FEE; older agents
 * send none, so 0) and each traded symbol's digits. History orders arrive with the deals, in
 * batches of thousands, so they go without a per-row foreign-key check, as deals do since 0007;
 * the cascade from a deleted account is kept by a trigger, as 0024 keeps it for closed_positions.
 * Symbol digits are a few rows per account: a plain cascading foreign key.
 */
export const sql = /* sql */ `
ALTER TABLE deals ADD COLUMN fee double precision NOT NULL DEFAULT 0
  CHECK (fee BETWEEN -1e12 AND 1e12);

CREATE TABLE mt5_history_orders (
  account_id      bigint NOT NULL,
  ticket          bigint NOT NULL,
  symbol          text NOT NULL,
  type            smallint NOT NULL,
  state           smallint NOT NULL,
  volume_initial  double precision NOT NULL CHECK (volume_initial BETWEEN 0 AND 1e6),
  volume_current  double precision NOT NULL CHECK (volume_current BETWEEN 0 AND 1e6),
  price_open      double precision NOT NULL CHECK (price_open BETWEEN 0 AND 1e9),
  sl              double precision NOT NULL CHECK (sl BETWEEN 0 AND 1e9),
  tp              double precision NOT NULL CHECK (tp BETWEEN 0 AND 1e9),
  price_current   double precision NOT NULL CHECK (price_current BETWEEN 0 AND 1e9),
  time_setup_msc  bigint NOT NULL CHECK (time_setup_msc BETWEEN 0 AND 4102444800000),
  time_done_msc   bigint NOT NULL CHECK (time_done_msc BETWEEN 0 AND 4102444800000),
  magic           bigint NOT NULL,
  comment         text NOT NULL,
  position_id     bigint NOT NULL,
  reason          smallint NOT NULL,
  PRIMARY KEY (account_id, ticket)
);
-- The statement reads a period's orders by their setup time.
CREATE INDEX mt5_history_orders_setup_idx ON mt5_history_orders (account_id, time_setup_msc);

CREATE FUNCTION delete_account_history_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mt5_history_orders WHERE account_id = OLD.id;
  RETURN OLD;
END;
$$;

CREATE TRIGGER mt5_accounts_delete_history_orders AFTER DELETE ON mt5_accounts
  FOR EACH ROW EXECUTE FUNCTION delete_account_history_orders();

CREATE TABLE mt5_symbol_digits (
  account_id  bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  symbol      text NOT NULL,
  digits      smallint NOT NULL CHECK (digits BETWEEN 0 AND 10),
  PRIMARY KEY (account_id, symbol)
);
`;
