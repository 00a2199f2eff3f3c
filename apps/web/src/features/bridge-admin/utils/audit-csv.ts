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
