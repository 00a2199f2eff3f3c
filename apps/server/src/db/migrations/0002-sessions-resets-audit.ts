export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN registration_ip inet;
ALTER TABLE users ADD COLUMN approved_at timestamptz;
ALTER TABLE users ADD COLUMN approved_by bigint REFERENCES users (id) ON DELETE SET NULL;

-- Bearer sessions: only a SHA-256 of the token is stored, so a database leak yields no tokens.
CREATE TABLE sessions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash    bytea NOT NULL UNIQUE,
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  revoke_reason text,
  ip            inet,
  user_agent    text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE password_resets (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash  bytea NOT NULL UNIQUE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  ip          inet
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);

-- Sliding-window counters for abuse limits, shared by every instance through the database.
CREATE TABLE rate_events (
  kind        text NOT NULL,
  key         text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_lookup_idx ON rate_events (kind, key, created_at);

CREATE TABLE audit_log (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_user_id   bigint REFERENCES users (id) ON DELETE SET NULL,
  action          text NOT NULL,
  target_user_id  bigint,
  meta            jsonb NOT NULL DEFAULT '{}',
  ip              inet,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);
CREATE INDEX audit_log_target_idx ON audit_log (target_user_id, created_at);
`;
