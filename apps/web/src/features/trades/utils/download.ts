/** §2: trades_filtrados_{timestamp}.csv, the timestamp as 'YYYY-MM-DD_HH-mm-ss' (UTC). */
export function tradesCsvName(now: number): string {
  const stamp = new Date(now).toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
  return `trades_filtrados_${stamp}.csv`;
}
