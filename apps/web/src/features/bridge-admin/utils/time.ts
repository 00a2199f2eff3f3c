/** '12 s', '5 min', '3 h 10 min', '2 d 4 h': short enough for a table cell. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** Milliseconds from an ISO instant to `now`; NaN when the instant is missing or invalid. */
export function msSince(iso: string | null, now: number): number {
  return iso ? now - Date.parse(iso) : Number.NaN;
}

/**
 * A datetime-local value ('2025-03-01T14:30', the browser's own zone) as an ISO instant, so the
 * server does not read it in its zone; undefined when empty or invalid.
 */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
