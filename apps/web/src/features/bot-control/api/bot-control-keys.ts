export const botControlKeys = {
  status: ['bot-control', 'status'] as const,
};

/** trading.md §9: bot status every 5 s; re-checked 2 s after a start and 1 s after a stop. */
export const BOT_STATUS_POLL_MS = 5_000;
export const RECHECK_AFTER_START_MS = 2_000;
export const RECHECK_AFTER_STOP_MS = 1_000;
