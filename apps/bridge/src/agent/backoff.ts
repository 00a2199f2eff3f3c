/** Reconnect delays: 500 ms doubling to 15 s, with full jitter so agents never stampede. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 15_000;

export function backoffCap(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
}

/** Full jitter: a uniform draw in [0, cap]. `random` is injectable for tests. */
export function nextDelay(attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * backoffCap(attempt));
}
