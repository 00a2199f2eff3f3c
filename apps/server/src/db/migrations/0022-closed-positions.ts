/**
 * Closed positions persisted as they are built (issue 15): a cold read reads its range from here
 * instead of replaying every deal of the account. A follower (modules/trading/positions-follower)
 * writes them after the deals are stored, never inside the ingestion transaction.
 */
export const sql = /* sql */ `
-- One row per finished round trip, as core's PositionBook builds it (duration is derived).
CREATE TABLE closed_positions (
  account_id   bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  position_id  text NOT NULL,
  round_trip   integer NOT NULL,
  symbol       text NOT NULL,
  magic        bigint NOT NULL,
  side         smallint NOT NULL,
  volume       double precision NOT NULL,
  entry_price  double precision NOT NULL,
  exit_price   double precision NOT NULL,
  open_time    bigint NOT NULL,
  close_time   bigint NOT NULL,
  profit       double precision NOT NULL,
  commission   double precision NOT NULL,
  swap         double precision NOT NULL,
  exit_reason  text NOT NULL,
  is_flat      boolean NOT NULL,
  -- The key also answers "how many round trips has this id finished" when it opens again.
  PRIMARY KEY (account_id, position_id, round_trip)
);
CREATE INDEX closed_positions_account_close_idx ON closed_positions (account_id, close_time);

-- How far the follower got: the deals version (deals_version() of 0008) its rows were built
-- from, and what it needs to go on from there: the round trips in progress and the last deal.
CREATE TABLE positions_watermarks (
  account_id   bigint PRIMARY KEY REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  deals_count  bigint NOT NULL,
  max_ticket   bigint NOT NULL,
  epoch        bigint NOT NULL,
  trade_deals  bigint NOT NULL,
  open_trips   jsonb NOT NULL,
  last_deal    jsonb,
  -- Bumped by every rebuild: a reader's copy of older rows is then no base to add to.
  builds       bigint NOT NULL DEFAULT 0,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Per UTC day (time_msc / 86400000), what a balance anchored on the account's reported balance
-- sums over the whole history (reports.repo's balanceBefore): the net of every deal but credit
-- (type 3), and how many balance operations (type 2). Kept by the same follower, same commit.
CREATE TABLE deal_day_totals (
  account_id  bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  day         integer NOT NULL,
  net         double precision NOT NULL,
  operations  integer NOT NULL,
  PRIMARY KEY (account_id, day)
);
`;
