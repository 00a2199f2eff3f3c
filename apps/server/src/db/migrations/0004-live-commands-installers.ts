export const sql = /* sql */ `
-- A browser opens a live channel with a ticket: single use, short-lived, stored hashed, and kept
-- in the database so any instance can spend a ticket another instance issued.
CREATE TABLE live_tickets (
  ticket_hash  bytea PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX live_tickets_expiry_idx ON live_tickets (expires_at);

-- Every command sent to an agent, for at-most-once delivery and the audit of what was asked.
-- Secrets (the MT5 password) are never stored: payload holds the command without them.
CREATE TABLE bridge_commands (
  id           uuid PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind         text NOT NULL,
  payload      jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'sent'
               CHECK (status IN ('sent', 'done', 'failed', 'expired')),
  retcode      integer,
  message      text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  finished_at  timestamptz
);
CREATE INDEX bridge_commands_user_idx ON bridge_commands (user_id, created_at DESC);

-- An installer zip carries a fresh device key; its claim waits as pre_install until the agent's
-- first heartbeat. The zip is fetched by an unguessable, expiring link.
CREATE TABLE bridge_installers (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  claim_id       uuid NOT NULL REFERENCES bridge_claims (id) ON DELETE CASCADE,
  zip            bytea NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  downloaded_at  timestamptz
);
`;
