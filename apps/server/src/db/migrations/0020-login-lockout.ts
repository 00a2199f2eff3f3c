/**
 * The login lockout keys on the account and on (account, address) instead of on what was typed
 * (issue 13): failures get a table of their own, and the addresses an account has logged in from
 * are remembered, so that a stranger's guesses elsewhere never lock the owner out.
 */
export const sql = /* sql */ `
-- One row per login attempt that did not succeed. It is written before the password is checked
-- (so parallel guesses count) and deleted when the password was right. account is 'u:<user id>'
-- for a known account, 'n:<what was typed, lower-cased>' otherwise. Pruned after a day; an
-- address writes at most 20 rows per 15 minutes (the per-address ceiling refuses the rest).
CREATE TABLE login_failures (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account     text NOT NULL,
  ip          text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account_idx ON login_failures (account, created_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, created_at);

-- Where each account has logged in (or reset its password) from: those addresses skip the
-- account-wide and per-address ceilings. One row per (user, address), pruned after 90 days unused.
CREATE TABLE login_addresses (
  user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip               text NOT NULL,
  last_success_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, ip)
);
`;
