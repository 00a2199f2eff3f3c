import { z } from 'zod';
import { describe, expect, it } from '../../test/fixture.js';
import { oneRow } from './rows.js';

describe('pg type parsers', () => {
  it('reads bigint and bigint[] as numbers, NULLs and nesting kept', async ({ db }) => {
    const row = await oneRow(
      db.pool,
      z.object({ one: z.unknown(), ids: z.unknown(), grid: z.unknown(), none: z.unknown() }),
      `SELECT 5::bigint AS one, ARRAY[1,2]::bigint[] AS ids,
              '{{1,NULL},{3,-4}}'::bigint[] AS grid, '{}'::bigint[] AS none`,
    );
    expect(row).toEqual({
      one: 5,
      ids: [1, 2],
      grid: [
        [1, null],
        [3, -4],
      ],
      none: [],
    });
  });

  it('reads an array_agg over a bigint column as numbers', async ({ db }) => {
    const row = await oneRow(
      db.pool,
      z.object({ ids: z.array(z.number()) }),
      'SELECT array_agg(x ORDER BY x) AS ids FROM unnest($1::bigint[]) AS x',
      [[3, 1, 2]],
    );
    expect(row.ids).toEqual([1, 2, 3]);
  });
});
