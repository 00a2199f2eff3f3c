import { existsSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * The e2e tier's "now": Wednesday 2026-03-11, 13:00 in São Paulo, a B3 session (no holiday,
 * market open), whatever day the run happens on.
 */
export const E2E_NOW = Date.parse('2026-03-11T13:00:00-03:00');

declare module 'vitest' {
  export interface ProvidedContext {
    /** How far the system's processes' clock is from the machine's (0: not pinned). */
    systemClockOffsetMs?: number;
  }
}

// Debian's package `faketime` (and the usual place of a build from source). LIBFAKETIME_PATH
// names another; set to a path that does not exist, it runs the system on the machine's clock.
const LIBFAKETIME = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/local/lib/faketime/libfaketime.so.1',
];

export function findLibfaketime(): string | undefined {
  const named = process.env.LIBFAKETIME_PATH;
  const candidates = named === undefined || named === '' ? LIBFAKETIME : [named];
  return candidates.find((p) => existsSync(p));
}

/**
 * Chosen once per run (global set-up): the whole seconds that put the system's processes (the
 * server, its embedded PostgreSQL, the agents) at E2E_NOW now; 0 where the machine has no
 * libfaketime, and the system then runs on the machine's clock (the browser is still pinned).
 */
export function chooseSystemClockOffset(now = Date.now()): number {
  if (!findLibfaketime()) return 0;
  return Math.round((E2E_NOW - now) / 1000) * 1000;
}

/**
 * The environment that runs a process `offsetMs` from the machine's clock: libfaketime shifts
 * the wall clock (Date, PostgreSQL's now(), file times) by the same offset in every process it
 * is given to, so they agree with each other; monotonic clocks (timers) stay real.
 */
export function systemClockEnv(offsetMs: number): Record<string, string> {
  const lib = findLibfaketime();
  if (offsetMs === 0 || !lib) return {};
  const preload = [lib, process.env.LD_PRELOAD].filter(Boolean).join(' ');
  return {
    LD_PRELOAD: preload,
    FAKETIME: String(Math.round(offsetMs / 1000)),
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

/** In a test: the offset the global set-up chose (0 outside the e2e tier). */
export function systemClockOffset(): number {
  return inject('systemClockOffsetMs') ?? 0;
}

/** The system's "now" as its server sees it: what a test compares the server's data with. */
export function systemNow(): number {
  return Date.now() + systemClockOffset();
}
