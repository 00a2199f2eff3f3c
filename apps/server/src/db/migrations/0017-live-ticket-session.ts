export const sql = /* sql */ `
-- The session a live ticket was issued to: the channel it opens lives only as long as that
-- session does (logout, revocation, expiry, or its user blocked, deleted or given a new role).
-- Tickets live 30 s, so the ones issued before this column never need it.
ALTER TABLE live_tickets
  ADD COLUMN session_id bigint REFERENCES sessions (id) ON DELETE CASCADE;
-- A session's deletion finds its tickets without reading them all.
CREATE INDEX live_tickets_session_idx ON live_tickets (session_id);
`;
