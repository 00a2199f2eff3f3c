/**
 * Accounts read from the terminal's own reports (issue 16) beside the ones an agent reports, and
 * the account each user chose to look at.
 *
 * An imported account is (user, number, server) as a live one, but never receives agent data: the
 * key includes the kind, so when the trader's agent later says hello for the same number and
 * server it gets a live account of its own, and the imported history stays apart (deals are keyed
 * by account, so the two never mix or double count).
 */
export const sql = /* sql */ `
ALTER TABLE mt5_accounts ADD COLUMN kind text NOT NULL DEFAULT 'live'
  CHECK (kind IN ('live', 'imported'));
ALTER TABLE mt5_accounts DROP CONSTRAINT mt5_accounts_user_id_account_number_server_key;
-- The agent's upsert names the live one (ON CONFLICT ... WHERE kind = 'live').
CREATE UNIQUE INDEX mt5_accounts_live_key ON mt5_accounts (user_id, account_number, server)
  WHERE kind = 'live';
CREATE UNIQUE INDEX mt5_accounts_imported_key ON mt5_accounts (user_id, account_number, server)
  WHERE kind = 'imported';

-- The account a user's trading screens read; none means the one whose agent said hello last.
-- The bot and the bridge never read it: they act on the live account only.
CREATE TABLE account_choices (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  chosen_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_choices_account_idx ON account_choices (account_id);
`;
