export const sql = /* sql */ `
-- When an agent's connection closed: its bridge reads offline at once, on every instance,
-- instead of after the 60-second heartbeat window.
ALTER TABLE bridge_sessions ADD COLUMN disconnected_at timestamptz;
`;
