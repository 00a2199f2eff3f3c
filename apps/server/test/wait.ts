import { vi } from 'vitest';

export interface WaitOptions {
  /** Generous: a loaded 2-core CI machine took over 5 s to deliver a queued message. */
  timeoutMs?: number;
  intervalMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/** Thrown by a poll that found nothing yet; its message is written only once, at the deadline. */
class NotYet extends Error {}

/**
 * The one wait of the node tests (server and bridge): polls `get` until it returns a value other
 * than undefined/false and returns it; past the deadline, fails saying `why` (read then, so it may
 * hold the logs or what was received). Its deadline is the only timer a test needs.
 */
export async function waitForValue<T>(
  get: () => T | undefined | false | Promise<T | undefined | false>,
  why: string | (() => string),
  { timeoutMs = DEFAULT_TIMEOUT_MS, intervalMs = 20 }: WaitOptions = {},
): Promise<T> {
  try {
    return await vi.waitFor(
      async () => {
        const value = await get();
        if (value === undefined || value === false) throw new NotYet();
        return value;
      },
      { timeout: timeoutMs, interval: intervalMs },
    );
  } catch (err) {
    const text = typeof why === 'string' ? why : why();
    if (err instanceof NotYet) throw new Error(`${text} (not in ${timeoutMs} ms)`);
    // The poll itself kept failing: say how, too.
    throw new Error(`${text} (not in ${timeoutMs} ms): ${String(err)}`, { cause: err });
  }
}

/** Polls `ready` until it holds; see waitForValue. */
export async function waitUntil(
  ready: () => boolean | Promise<boolean>,
  why: string | (() => string),
  opts: WaitOptions = {},
): Promise<void> {
  await waitForValue(async () => (await ready()) || undefined, why, opts);
}
