import type pg from 'pg';
import type { z } from 'zod';
import type { Queryable } from '../lib/db-types.js';

/** A pool or a transaction, or a client of its own (a dump's snapshot, a scratch database). */
type Db = Queryable | pg.ClientBase;

/**
 * Rows checked where they enter the program: each row of the answer is parsed by its zod
 * schema, so a repository's types are what the database sent (an INT8 comes back as a number,
 * database.ts; a timestamptz as a Date), never an assertion that can drift from the SQL.
 * A row that does not match is a programming error, thrown with the query's first words.
 */
export async function rowsOf<S extends z.ZodType>(
  db: Db,
  schema: S,
  sql: string,
  params: readonly unknown[] = [],
): Promise<z.infer<S>[]> {
  const { rows } = await db.query(sql, params as unknown[]);
  return rows.map((row: unknown) => parseRow(schema, row, sql));
}

/** The first row, or undefined when the query returned none. */
export async function maybeRow<S extends z.ZodType>(
  db: Db,
  schema: S,
  sql: string,
  params: readonly unknown[] = [],
): Promise<z.infer<S> | undefined> {
  const { rows } = await db.query(sql, params as unknown[]);
  return rows.length ? parseRow(schema, rows[0], sql) : undefined;
}

/** The one row a query always returns (an aggregate, an INSERT ... RETURNING). */
export async function oneRow<S extends z.ZodType>(
  db: Db,
  schema: S,
  sql: string,
  params: readonly unknown[] = [],
): Promise<z.infer<S>> {
  const row = await maybeRow(db, schema, sql, params);
  if (row === undefined) throw new Error(`Consulta sem linha: ${headOf(sql)}`);
  return row;
}

/** Parses one row by its schema; a mismatch names the query and the fields that disagree. */
export function parseRow<S extends z.ZodType>(schema: S, row: unknown, sql: string): z.infer<S> {
  const parsed = schema.safeParse(row);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Linha fora do esperado em "${headOf(sql)}": ${fields}`);
}

const headOf = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 80);
