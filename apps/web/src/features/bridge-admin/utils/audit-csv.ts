import { csvDocument, csvNumber, csvText } from '@vortex/core';
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

// Ids are numbers and stay numbers; every text cell (the event and its meta hold what agents
// and users typed, such as a token label) is neutralised against spreadsheet formulas.
const cell = (value: string | number | null) =>
  typeof value === 'number' ? csvNumber(value) : csvText(value);

/** The audit rows as CSV, with a header line and CRLF line ends. */
export function auditCsv(items: readonly AuditItem[]): string {
  return csvDocument(
    COLUMNS,
    items.map((item) => COLUMNS.map((c) => cell(item[c]))),
  );
}
