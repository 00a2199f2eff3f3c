/** Saves text as a file through a temporary link; the BOM makes spreadsheet apps read UTF-8. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a task later: some browsers read the blob after click() returns.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

/** §2: trades_filtrados_{timestamp}.csv, the timestamp as 'YYYY-MM-DD_HH-mm-ss' (UTC). */
export function tradesCsvName(now: number): string {
  const stamp = new Date(now).toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
  return `trades_filtrados_${stamp}.csv`;
}
