import { localWallClock } from '@vortex/core';

/** §2: trades_filtrados_{timestamp}.csv, the timestamp 'YYYY-MM-DD_HH-mm-ss' in São Paulo time. */
export function tradesCsvName(now: number): string {
  const stamp = localWallClock(now).replace('T', '_').replace(/:/g, '-');
  return `trades_filtrados_${stamp}.csv`;
}
