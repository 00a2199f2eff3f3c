/** Backup settings (one row) and every backup taken, with what its verification found. */
export const sql = `
CREATE TABLE backup_settings (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  settings    jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE backups (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  filename     text NOT NULL UNIQUE,
  type         text NOT NULL CHECK (type IN ('manual', 'automatic')),
  status       text NOT NULL CHECK (status IN ('success', 'failed', 'in_progress')),
  size         bigint NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  error        text,
  tool         text,
  -- Rows per table the dump holds; a restore into a scratch database must match them.
  row_counts   jsonb,
  -- The scheduled time an automatic backup stands for: unique, so only one instance takes it.
  slot         text UNIQUE
);
CREATE INDEX backups_created_at ON backups (created_at DESC);
`;
