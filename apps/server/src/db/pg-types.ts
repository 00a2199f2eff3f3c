import pg from 'pg';

/** PostgreSQL's OID of bigint[]. */
export const INT8_ARRAY_OID = 1016;

// pg's typings take only the scalar OIDs of pg.types.builtins; its parsers are keyed by any OID.
const parserOf = pg.types.getTypeParser as (oid: number) => (value: string) => unknown;
const setParser = pg.types.setTypeParser as (
  oid: number,
  parse: (value: string) => unknown,
) => void;

// pg's own bigint[] parser (quotes, NULLs, nesting), whose elements are strings; kept before ours
// replaces it.
const parseInt8ArrayAsText = parserOf(INT8_ARRAY_OID) as (value: string) => unknown[];

type Int8Values = (number | null | Int8Values)[];
const toNumbers = (values: unknown[]): Int8Values =>
  values.map((v) => (v === null ? null : Array.isArray(v) ? toNumbers(v) : Number(v)));

/**
 * Return bigint ids and counts as numbers, alone or in arrays: ours stay far below 2^53. Global to
 * the process's pg; the server installs it on loading database.ts, a bench process calls it.
 */
export function installTypeParsers(): void {
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  setParser(INT8_ARRAY_OID, (v) => toNumbers(parseInt8ArrayAsText(v)));
}
