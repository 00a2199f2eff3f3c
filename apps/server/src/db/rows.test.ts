import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Queryable } from '../lib/db-types.js';
import { maybeRow, oneRow, rowsOf } from './rows.js';

/** A stand-in that answers every query with the given rows (the pg call itself is not under test). */
const answering = (rows: unknown[]) =>
  ({ query: () => Promise.resolve({ rows }) }) as unknown as Queryable;

const Row = z.object({ id: z.number().int(), name: z.string() });

describe('rows checked at the repository edge', () => {
  it('returns the rows parsed by the schema', async () => {
    const db = answering([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(await rowsOf(db, Row, 'SELECT id, name FROM t')).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
  });

  it('throws on a row whose types drifted from the schema, naming the query and the field', async () => {
    // A bigint id read as a string: what an INT8 gives without database.ts's parser.
    const db = answering([{ id: '7', name: 'a' }]);
    await expect(rowsOf(db, Row, 'SELECT id,\n  name FROM t')).rejects.toThrow(
      /Linha fora do esperado em "SELECT id, name FROM t": id: /,
    );
  });

  it('maybeRow gives undefined for no row, oneRow refuses it', async () => {
    expect(await maybeRow(answering([]), Row, 'SELECT 1')).toBeUndefined();
    await expect(oneRow(answering([]), Row, 'SELECT id FROM t')).rejects.toThrow(
      'Consulta sem linha: SELECT id FROM t',
    );
    expect(await oneRow(answering([{ id: 3, name: 'c' }]), Row, 'SELECT 1')).toEqual({
      id: 3,
      name: 'c',
    });
  });
});
