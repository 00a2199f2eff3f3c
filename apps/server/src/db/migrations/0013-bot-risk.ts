export const sql = /* sql */ `
-- 'Pause entries': the running bot keeps managing its open positions and opens none. Kept on the
-- row, not in the runner, so whichever instance answers the trader's click, the holder obeys.
ALTER TABLE bot_runs ADD COLUMN entries_paused boolean NOT NULL DEFAULT false;
-- The account's highest equity since the bot started: the maximum-drawdown limit is measured
-- from it, and a bot resumed on another instance keeps measuring from the same peak.
ALTER TABLE bot_runs ADD COLUMN peak_equity double precision;
`;
