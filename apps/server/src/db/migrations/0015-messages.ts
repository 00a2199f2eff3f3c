export const sql = /* sql */ `
-- The outgoing message queue (email, SMS, WhatsApp): one row per message and recipient, shared
-- by every instance. A sender claims a due row with FOR UPDATE SKIP LOCKED and holds it until
-- locked_until, so two instances never send the same message at once.
CREATE TABLE messages (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel          text NOT NULL CHECK (channel IN ('email', 'sms', 'whatsapp')),
  recipient        text NOT NULL,
  subject          text,
  body             text NOT NULL,
  user_id          bigint REFERENCES users(id) ON DELETE SET NULL,
  origin           text NOT NULL,
  batch_id         text,
  -- At most one message per key, ever: an alert fired twice is queued once.
  dedupe_key       text UNIQUE,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz,
  last_attempt_at  timestamptz,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz
);
CREATE INDEX messages_due_idx ON messages (channel, next_attempt_at) WHERE status = 'pending';
CREATE INDEX messages_batch_idx ON messages (batch_id) WHERE batch_id IS NOT NULL;

-- The per-channel rate limit, shared by every instance: the earliest moment the next message of
-- the channel may be claimed. A claim locks the row, so instances take turns.
CREATE TABLE message_channel_slots (
  channel  text PRIMARY KEY CHECK (channel IN ('email', 'sms', 'whatsapp')),
  next_at  timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO message_channel_slots (channel) VALUES ('email'), ('sms'), ('whatsapp');
`;
