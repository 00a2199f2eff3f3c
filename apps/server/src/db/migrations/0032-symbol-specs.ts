/**
 * Issue 26, symbols by their specification: each traded symbol's contract as the account's
 * terminal states it in its hello (tick size and value, contract size, volumes, profit currency,
 * digits), so the bot and the backtest value points by it rather than by WIN's constants. A few
 * rows per account, replaced on each hello: a plain cascading foreign key, as mt5_symbol_digits.
 * The bounds are the hello's (core SymbolSpecSchema).
 */
export const sql = /* sql */ `
CREATE TABLE mt5_symbol_specs (
  account_id       bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  symbol           text NOT NULL,
  tick_size        double precision NOT NULL CHECK (tick_size > 0 AND tick_size <= 1e6),
  tick_value       double precision NOT NULL CHECK (tick_value > 0 AND tick_value <= 1e9),
  contract_size    double precision NOT NULL CHECK (contract_size > 0 AND contract_size <= 1e12),
  volume_min       double precision NOT NULL CHECK (volume_min > 0 AND volume_min <= 1e6),
  volume_step      double precision NOT NULL CHECK (volume_step > 0 AND volume_step <= 1e6),
  currency_profit  text NOT NULL,
  digits           smallint NOT NULL CHECK (digits BETWEEN 0 AND 10),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, symbol)
);
`;
