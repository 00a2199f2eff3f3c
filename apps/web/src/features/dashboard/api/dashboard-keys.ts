/** The dashboard's queries; the live sync and the refresh buttons address them through these. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  realtime: ['dashboard', 'realtime'] as const,
  positions: ['dashboard', 'positions'] as const,
  overview: (range: OverviewRange | null) => ['dashboard', 'overview', range] as const,
  overviews: ['dashboard', 'overview'] as const,
  // Same key and answer as the bridge pairing screens: one cache for the trader's claims.
  myBridges: ['bridge', 'my-bridges'] as const,
};

/**
 * A historical window as the last `days` calendar days (the server's one reading of "last N
 * days", in São Paulo time), or from `start` to `end` (an imported account's whole history up to
 * its last deal's day, issue 26); null is the live window the server picks.
 */
export type OverviewRange = { days: number } | { start: string; end?: string };

/** The server's live window (the overview's default, 'Últimos 30 dias'). */
export const LIVE_WINDOW_DAYS = 30;

/** trading.md §9. */
export const POSITIONS_POLL_MS = 3_000;
export const DASHBOARD_CACHE_MS = 4_000;
