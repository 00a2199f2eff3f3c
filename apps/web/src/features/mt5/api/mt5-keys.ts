import { sharedKeys } from '../../../lib/query-keys';

/** Query keys of the /mt5 screen; a command invalidates them all. */
export const mt5Keys = {
  all: ['mt5'] as const,
  status: sharedKeys.mt5Status,
  account: ['mt5', 'account-info'] as const,
};

/** trading.md §9: the MT5 badge is polled every 60 s. */
export const MT5_POLL_MS = 60_000;
