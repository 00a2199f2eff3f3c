/**
 * A phone is trusted (for commands by WhatsApp) only once its owner typed a code sent to it. The
 * confirmation keeps the number it proved: it holds while the account's phone is still that
 * number, so changing the phone ends it without the users table knowing of confirmations.
 */
export const sql = /* sql */ `
CREATE TABLE phone_confirmations (
  user_id       bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The number as the account had it when its code was typed.
  phone         text NOT NULL,
  confirmed_at  timestamptz NOT NULL DEFAULT now()
);

-- The codes sent: only the newest of a user counts; it is stored as an argon2id hash, lives 10
-- minutes and takes 5 tries. Rows also count toward the 3 codes an hour a user may ask for, and
-- are deleted a day after they were sent (by the next request of anyone), so the table holds at
-- most a day of requests.
CREATE TABLE phone_confirmation_codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  phone       text NOT NULL,
  code_hash   text NOT NULL,
  channel     text NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX phone_confirmation_codes_user_idx ON phone_confirmation_codes (user_id, id);
CREATE INDEX phone_confirmation_codes_created_idx ON phone_confirmation_codes (created_at);
`;
