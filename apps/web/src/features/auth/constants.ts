/** access-and-admin.md §9. */
export const ACCOUNT_CREATED_REDIRECT_SECONDS = 120;
export const RESET_REDIRECT_MS = 3_000;
