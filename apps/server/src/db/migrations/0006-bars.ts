export const sql = /* sql */ `
-- Price bars an agent streams on subscription. A bar is keyed by its opening time, so the
-- history an agent resends after a reconnect, or a bar still forming, simply overwrites.
CREATE TABLE bars (
  account_id   bigint NOT NULL REFERENCES mt5_accounts (id) ON DELETE CASCADE,
  symbol       text NOT NULL,
  timeframe    text NOT NULL,
  time         bigint NOT NULL,
  open         double precision NOT NULL,
  high         double precision NOT NULL,
  low          double precision NOT NULL,
  close        double precision NOT NULL,
  tick_volume  bigint NOT NULL,
  volume       double precision NOT NULL,
  PRIMARY KEY (account_id, symbol, timeframe, time)
);
`;
