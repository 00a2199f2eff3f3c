export const sql = /* sql */ `
-- Each trader's alerts configuration (trading.md §3), stored whole; no row means the defaults.
CREATE TABLE alert_configs (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  config     jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every alert raised, newest first on the screen. The dedupe key makes an event alert once even
-- when several instances hear it, an agent replays its history, or the server restarts.
CREATE TABLE alert_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        text NOT NULL,
  title       text NOT NULL,
  message     text NOT NULL,
  dedupe_key  text NOT NULL UNIQUE,
  -- [{channel, to, message_id, error}]: message_id is the queue's, to read its delivery result.
  deliveries  jsonb NOT NULL DEFAULT '[]',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_log_user_idx ON alert_log (user_id, created_at DESC);
`;
