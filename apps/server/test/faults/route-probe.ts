import { setTimeout as sleep } from 'node:timers/promises';

/** One answer seen while probing. */
export interface Probe {
  route: string;
  at: number;
  /** HTTP status, or 0 when the connection failed (refused, reset, timed out). */
  status: number;
  error?: string;
  ms: number;
}

export interface ProbeSummary {
  total: number;
  byStatus: Record<string, number>;
  /** Answers that are neither 2xx nor a 503 in our pt-BR envelope. */
  bad: Probe[];
  /** The pt-BR texts of the 503s seen. */
  texts: string[];
  slowestMs: number;
}

/** What the trader's screens and the admin's keep asking; each must answer 2xx or a pt-BR 503. */
export const PROBED_ROUTES = [
  '/bot/status',
  '/dashboard/stats',
  '/dashboard/positions',
  '/trading/equity-curve',
  '/bridge/my-bridges',
  '/api/alerts/config',
];

/**
 * Asks `routes` round and round until stopped, recording every answer. A 503 passes only with
 * the `{ success: false, error }` envelope in Portuguese; a 500, a dropped connection or a
 * request past `timeoutMs` does not.
 */
export function startProbing(
  base: string,
  token: string,
  routes = PROBED_ROUTES,
  timeoutMs = 10_000,
): { stop: () => Promise<ProbeSummary>; seen: () => readonly Probe[] } {
  const seen: Probe[] = [];
  const texts = new Set<string>();
  const bad: Probe[] = [];
  const state = { running: true };
  const loop = (async () => {
    while (state.running) {
      for (const route of routes) {
        const t0 = performance.now();
        const probe: Probe = { route, at: Date.now(), status: 0, ms: 0 };
        try {
          const res = await fetch(`${base}${route}`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(timeoutMs),
          });
          probe.status = res.status;
          const body = (await res.json().catch(() => undefined)) as
            { success?: boolean; error?: string } | undefined;
          if (res.status === 503) {
            if (
              body?.success === false &&
              typeof body.error === 'string' &&
              /[ãíçõé]|indispon/i.test(body.error)
            )
              texts.add(body.error);
            else probe.error = `503 sem o envelope pt-BR: ${JSON.stringify(body)}`;
          } else if (res.status >= 400) probe.error = `${res.status}: ${JSON.stringify(body)}`;
        } catch (err) {
          probe.error = String(err);
        }
        probe.ms = performance.now() - t0;
        seen.push(probe);
        if (probe.error) bad.push(probe);
      }
      await sleep(100);
    }
  })();
  return {
    seen: () => seen,
    stop: async () => {
      state.running = false;
      await loop;
      const byStatus: Record<string, number> = {};
      for (const p of seen) byStatus[p.status] = (byStatus[p.status] ?? 0) + 1;
      return {
        total: seen.length,
        byStatus,
        bad,
        texts: [...texts],
        slowestMs: Math.round(Math.max(0, ...seen.map((p) => p.ms))),
      };
    },
  };
}
