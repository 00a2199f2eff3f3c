/**
 * Issue 16 changed how deals become round trips when an account's history starts mid-position
 * (a closing deal without its opening is round trip 0; an INOUT without it opens only what its
 * closes show). The rows built before are rebuilt: without a watermark, the follower's backfill
 * at start-up (and any read before it) builds each account again from its deals.
 */
export const sql = /* sql */ `
TRUNCATE closed_positions, deal_day_totals;
DELETE FROM positions_watermarks;
`;
