/**
 * account_snapshots is kept at full resolution for 7 days, hourly for a year and daily after
 * (issue 15): housekeeping thins it, and each row says how far it has been thinned.
 */
export const sql = /* sql */ `
-- 0: as reported; 1: the last row of its hour; 2: the last row of its day.
ALTER TABLE account_snapshots ADD COLUMN resolution smallint NOT NULL DEFAULT 0;
-- Housekeeping finds what is still to thin without reading the history already thinned.
CREATE INDEX account_snapshots_thinning_idx ON account_snapshots (resolution, ts)
  WHERE resolution < 2;
`;
