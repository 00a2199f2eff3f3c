/** Query keys of the /mt5 screen; a command invalidates them all. */
export const mt5Keys = {
  all: ['mt5'] as const,
  status: ['mt5', 'status'] as const,
  account: ['mt5', 'account-info'] as const,
};

/** trading.md §9: the MT5 badge is polled every 60 s. */
export const MT5_POLL_MS = 60_000;
