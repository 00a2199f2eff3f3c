/**
 * rows.ts's check for the bulk reads, where a zod parse per row costs more than the read: each
 * column's typeof against what pg sends for it, the row itself kept (no copy). Same failure as
 * parseRow: a row that does not match is a programming error naming the query and the column.
 */
export type ColumnKind = 'number' | 'string' | 'boolean';

type ValueOf<K> = K extends 'number'
  ? number
  : K extends 'string'
    ? string
    : K extends 'boolean'
      ? boolean
      : never;

/** The tuple a `rowMode: 'array'` row of these kinds is. */
export type ColumnsOf<K extends readonly ColumnKind[]> = {
  -readonly [I in keyof K]: ValueOf<K[I]>;
};

/** The object a row with these fields is. */
export type FieldsOf<K extends Readonly<Record<string, ColumnKind>>> = {
  -readonly [F in keyof K]: ValueOf<K[F]>;
};

/** Throws unless `row` is an array row of exactly these kinds, in order. */
export function assertColumns<const K extends readonly ColumnKind[]>(
  row: unknown,
  kinds: K,
  sql: string,
): asserts row is ColumnsOf<K> {
  if (!Array.isArray(row) || row.length !== kinds.length) {
    throw drift(sql, `expected ${kinds.length} columns, received ${describe(row)}`);
  }
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i] as ColumnKind;
    if (typeof row[i] !== kind)
      throw drift(sql, `${i}: expected ${kind}, received ${typeOf(row[i])}`);
  }
}

/** Throws unless `row` is an object whose fields are of these kinds (others are not looked at). */
export function assertFields<const K extends Readonly<Record<string, ColumnKind>>>(
  row: unknown,
  fields: K,
  sql: string,
): asserts row is FieldsOf<K> {
  if (typeof row !== 'object' || row === null)
    throw drift(sql, `expected a row, received ${describe(row)}`);
  const record = row as Record<string, unknown>;
  for (const name in fields) {
    const kind = fields[name] as ColumnKind;
    if (typeof record[name] !== kind) {
      throw drift(sql, `${name}: expected ${kind}, received ${typeOf(record[name])}`);
    }
  }
}

/** A `rowMode: 'array'` answer's rows, each checked by assertColumns. */
export function columnRows<const K extends readonly ColumnKind[]>(
  rows: readonly unknown[],
  kinds: K,
  sql: string,
): ColumnsOf<K>[] {
  const out: ColumnsOf<K>[] = [];
  for (const row of rows) {
    assertColumns(row, kinds, sql);
    out.push(row);
  }
  return out;
}

/** An answer's rows, each checked by assertFields. */
export function fieldRows<const K extends Readonly<Record<string, ColumnKind>>>(
  rows: readonly unknown[],
  fields: K,
  sql: string,
): FieldsOf<K>[] {
  const out: FieldsOf<K>[] = [];
  for (const row of rows) {
    assertFields(row, fields, sql);
    out.push(row);
  }
  return out;
}

const typeOf = (value: unknown) => (value === null ? 'null' : typeof value);
const describe = (row: unknown) => (Array.isArray(row) ? `${row.length} columns` : typeOf(row));
const drift = (sql: string, what: string) =>
  new Error(`Linha fora do esperado em "${sql.replace(/\s+/g, ' ').trim().slice(0, 80)}": ${what}`);
