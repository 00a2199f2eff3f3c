export const sql = /* sql */ `
-- A running bot is held by exactly one instance: its lease is renewed while it runs there, and
-- an instance takes over the active bots whose lease lapsed (the holder died or shut down).
ALTER TABLE bot_runs ADD COLUMN lease_until timestamptz;
`;
