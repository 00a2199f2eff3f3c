/** Saves a blob as a file through a temporary link, as the browser's own download would. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
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

/** Saves text as a file; the BOM makes spreadsheet apps read the CSV as UTF-8. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob(['\uFEFF', text], { type }), filename);
}
