export const sql = /* sql */ `
-- Whose bot runs. A row stays after a stop (active false) so the status keeps its history; a
-- started bot survives a restart: every instance resumes the active rows at start-up.
CREATE TABLE bot_runs (
  user_id     bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  active      boolean NOT NULL DEFAULT false,
  started_at  timestamptz,
  stopped_at  timestamptz,
  -- host:pid of the instance running it.
  instance    text,
  last_error  text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Every decision the bot takes, for the trader and for support: signals, orders sent and their
-- answers, entries refused by a rule, stops moved.
CREATE TABLE bot_decisions (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at        timestamptz NOT NULL DEFAULT now(),
  strategy  text NOT NULL,
  kind      text NOT NULL,
  detail    jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX bot_decisions_user_idx ON bot_decisions (user_id, at DESC);
`;
