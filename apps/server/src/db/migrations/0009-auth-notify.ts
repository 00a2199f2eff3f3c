export const sql = /* sql */ `
-- Every instance caches signed-in sessions in memory; these triggers tell all of them, through
-- NOTIFY vortex_auth, when a session or its user changes, whichever code path wrote it
-- (logout, revocation, suspension, role change, password reset, deletion). Payloads:
-- 's:<session id>', 'u:<user id>', or 'flush' after a TRUNCATE.
CREATE FUNCTION vortex_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('vortex_auth', 'flush');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('vortex_auth', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('vortex_auth', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;

-- last_seen_at is left out: the once-a-minute touch changes nothing a cached entry decides on.
CREATE TRIGGER sessions_auth_notify
  AFTER UPDATE OF revoked_at, expires_at, user_id, token_hash OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION vortex_auth_notify();
CREATE TRIGGER users_auth_notify
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION vortex_auth_notify();
CREATE TRIGGER sessions_auth_truncate
  AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION vortex_auth_notify();
CREATE TRIGGER users_auth_truncate
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION vortex_auth_notify();
`;
