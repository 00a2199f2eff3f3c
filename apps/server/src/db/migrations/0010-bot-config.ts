export const sql = /* sql */ `
-- One bot configuration per user (trading.md §3), stored whole as the contract's JSON: it is
-- read back through BotConfigSchema, so fields added later take their defaults.
CREATE TABLE bot_configs (
  user_id     bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  config      jsonb NOT NULL CHECK (jsonb_typeof(config) = 'object'),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  bigint REFERENCES users (id) ON DELETE SET NULL
);
`;
