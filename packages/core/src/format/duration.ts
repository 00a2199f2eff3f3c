const MS_PER_MINUTE = 60_000;

/** 'Xh Ym' with whole minutes rounded down; hours are not folded into days (26h 5m). */
export function formatDuration(ms: number): string {
  const minutes = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / MS_PER_MINUTE) : 0;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
