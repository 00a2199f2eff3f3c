import type { AuditItem } from '../api/audit';

export const AUDIT_CSV_NAME = 'bridge_audit.csv';

const COLUMNS = [
  'id',
  'user_id',
  'actor_user_id',
  'event_type',
  'created_at',
  'meta_json',
] as const;

/** RFC 4180: quote a field holding a comma, quote, or line break, doubling its quotes. */
function field(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The audit rows as CSV, with a header line and CRLF line ends. */
export function auditCsv(items: readonly AuditItem[]): string {
  const lines = [
    COLUMNS.join(','),
    ...items.map((item) => COLUMNS.map((c) => field(item[c])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary link; the BOM makes spreadsheet apps read UTF-8. */
export function downloadText(
  text: string,
  filename: string,
  type = 'text/csv;charset=utf-8',
): void {
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
