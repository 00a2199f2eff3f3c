/**
 * Onboarding's completion is the user's, not the browser's (issue 14): a connected trader in a new
 * browser, or one who paired on /welcome, never sees the overlay again.
 */
export const sql = /* sql */ `
-- Set once, the first time the server sees onboarding's rule hold for this user; never cleared.
ALTER TABLE users ADD COLUMN onboarding_completed_at timestamptz;
`;
