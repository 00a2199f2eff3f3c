export const sql = /* sql */ `
CREATE TABLE bridge_tokens (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash             bytea NOT NULL UNIQUE,
  token_prefix           text NOT NULL,
  user_id                bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  label                  text NOT NULL DEFAULT 'manual',
  status                 text NOT NULL DEFAULT 'pending'
                         CHECK (status IN ('pending', 'paired', 'expired', 'revoked')),
  created_at             timestamptz NOT NULL DEFAULT now(),
  expires_at             timestamptz NOT NULL,
  used_at                timestamptz,
  account_number_paired  bigint
);
CREATE INDEX bridge_tokens_user_idx ON bridge_tokens (user_id, created_at DESC);

-- A claim is one installed agent (one device) bound to a user.
CREATE TABLE bridge_claims (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                 bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_key_hash         bytea UNIQUE,
  token_prefix            text NOT NULL,
  status                  text NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'mismatch', 'revoked', 'pre_install')),
  created_at              timestamptz NOT NULL DEFAULT now(),
  last_seen_at            timestamptz,
  last_hb_mt5_at          timestamptz,
  primary_account_number  bigint
);
CREATE INDEX bridge_claims_user_idx ON bridge_claims (user_id);

CREATE TABLE bridge_sessions (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_hash    bytea NOT NULL UNIQUE,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  claim_id        uuid REFERENCES bridge_claims (id) ON DELETE SET NULL,
  account_number  bigint,
  server          text,
  client_version  text,
  status          text NOT NULL DEFAULT 'active'
                  CHECK (status IN ('active', 'revoked', 'terminated', 'expired')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  last_ping_at    timestamptz,
  ended_at        timestamptz,
  end_reason      text
);
CREATE INDEX bridge_sessions_user_idx ON bridge_sessions (user_id) WHERE status = 'active';

-- An MT5 account as a user's agent reported it; every trading row hangs from it.
CREATE TABLE mt5_accounts (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_number  bigint NOT NULL,
  server          text NOT NULL,
  company         text NOT NULL DEFAULT '',
  currency        text NOT NULL DEFAULT 'BRL',
  margin_mode     text NOT NULL DEFAULT 'netting',
  trade_mode      text NOT NULL DEFAULT 'demo',
  balance         double precision,
  equity          double precision,
  margin          double precision,
  free_margin     double precision,
  margin_level    double precision,
  profit          double precision,
  account_at      timestamptz,
  last_hello_at   timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, account_number, server)
);

-- Stored once each: the primary key makes a resent deal a no-op.
CREATE TABLE deals (
  account_id    bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  ticket        bigint NOT NULL,
  order_ticket  bigint NOT NULL,
  position_id   bigint NOT NULL,
  symbol        text NOT NULL,
  type          smallint NOT NULL,
  entry         smallint NOT NULL,
  volume        double precision NOT NULL,
  price         double precision NOT NULL,
  profit        double precision NOT NULL,
  commission    double precision NOT NULL,
  swap          double precision NOT NULL,
  magic         bigint NOT NULL,
  reason        smallint NOT NULL,
  comment       text NOT NULL DEFAULT '',
  time_msc      bigint NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, ticket)
);
CREATE INDEX deals_account_time_idx ON deals (account_id, time_msc);

CREATE TABLE open_positions (
  account_id     bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  ticket         bigint NOT NULL,
  data           jsonb NOT NULL,
  PRIMARY KEY (account_id, ticket)
);

CREATE TABLE pending_orders (
  account_id     bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  ticket         bigint NOT NULL,
  data           jsonb NOT NULL,
  PRIMARY KEY (account_id, ticket)
);

CREATE TABLE account_snapshots (
  account_id    bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  ts            timestamptz NOT NULL,
  balance       double precision NOT NULL,
  equity        double precision NOT NULL,
  margin        double precision NOT NULL,
  free_margin   double precision NOT NULL,
  margin_level  double precision NOT NULL,
  profit        double precision NOT NULL
);
CREATE INDEX account_snapshots_idx ON account_snapshots (account_id, ts);
`;
