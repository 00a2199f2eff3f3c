import { z } from 'zod';

/** Ids are `bigint` columns; a JS number holds them exactly up to 2⁵³−1 (16 digits). */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

// Decimal digits only, no sign, no leading zero: '0x9', '1e1', ' 9', '9.0', '09' name no row.
const DECIMAL_ID = /^[1-9][0-9]{0,15}$/;

/**
 * A numeric row id as a path or query parameter carries it (text), read strictly: one spelling
 * per id, so `/users/0x9` never reaches user 9. Numbers (a JSON body's ids) are held to the same
 * range. `error` is the pt-BR message of the resource the id names.
 */
export function idSchema(error = 'Identificador inválido.') {
  const text = z
    .string()
    .regex(DECIMAL_ID, { error, abort: true })
    .refine((v) => Number(v) <= MAX_ID, { error });
  // zod's int() is a safe integer already: at most MAX_ID.
  const number = z.number().int({ error }).min(1, { error });
  return z.union([text, number], { error }).transform(Number);
}

/** The shared strict id: 1 ≤ id ≤ 2⁵³−1, decimal digits only. */
export const IdSchema = idSchema();
