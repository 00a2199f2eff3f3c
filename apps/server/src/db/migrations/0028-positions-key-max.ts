/**
 * The follower asked the stored rows, for every position id a slice brought that was not in
 * progress, how many round trips it had finished: one index probe per new position, ~1 ms of
 * PostgreSQL's CPU per 1,000 deals ingested. MT5 numbers positions upwards, so a new id is
 * nearly always above every id already finished: the watermark keeps the highest one, and only
 * ids at or below it are asked.
 */
export const sql = /* sql */ `
ALTER TABLE positions_watermarks ADD COLUMN key_max bigint NOT NULL DEFAULT -1;

-- Ids are the decimal text of MT5's integer position ids (or tickets): every one a number.
UPDATE positions_watermarks w
SET key_max = (SELECT max(position_id::numeric) FROM closed_positions c
               WHERE c.account_id = w.account_id)
WHERE EXISTS (SELECT 1 FROM closed_positions c WHERE c.account_id = w.account_id);
`;
