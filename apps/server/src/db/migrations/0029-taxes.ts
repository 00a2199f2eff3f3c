/**
 * Income tax on B3 futures (issue 17): each trader's settings for it, and the DARFs they marked
 * paid. The tax itself is computed from the deals on every read, never stored: a deal arriving
 * late or an import of an older period changes the months it touches.
 */
export const sql = /* sql */ `
CREATE TABLE tax_settings (
  user_id                 bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- R$ per contract per side, for brokers whose deals carry no costs; 0 uses the deals' own.
  cost_per_contract_side  numeric(10,2) NOT NULL DEFAULT 0
                          CHECK (cost_per_contract_side BETWEEN 0 AND 1000),
  darf_reminder           boolean NOT NULL DEFAULT true,
  updated_at              timestamptz NOT NULL DEFAULT now()
);

-- A DARF marked paid keeps the amount it had then: a later deal may change the month's figure.
CREATE TABLE darf_payments (
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month         text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  paid_at       timestamptz NOT NULL DEFAULT now(),
  amount_cents  bigint NOT NULL CHECK (amount_cents >= 0),
  PRIMARY KEY (user_id, month)
);
`;
