/**
 * Query keys more than one feature reads. Sharing the key shares the cache: the header badge
 * and the /mt5 screen see one MT5 status, and a command on one refreshes the other.
 */
export const sharedKeys = {
  mt5Status: ['mt5', 'status'] as const,
};
