import { describe, expect, it } from 'vitest';
import { assertColumns, columnRows, fieldRows } from './row-columns.js';

const KINDS = ['number', 'string', 'boolean'] as const;
const SQL = 'FETCH 5000\n  FROM stored_positions';

describe('bulk rows checked column by column at the repository edge', () => {
  it('keeps rows of the right kinds as they are', () => {
    const rows = [
      [1, 'a', true],
      [2, 'b', false],
    ];
    const checked = columnRows(rows, KINDS, SQL);
    expect(checked).toEqual(rows);
    expect(checked[0]).toBe(rows[0]);
  });

  it('throws on a column whose type drifted, naming the query and the column', () => {
    // A bigint read as a string: what an INT8 gives without database.ts's parser.
    expect(() =>
      columnRows(
        [
          [1, 'a', true],
          ['7', 'b', false],
        ],
        KINDS,
        SQL,
      ),
    ).toThrow(
      'Linha fora do esperado em "FETCH 5000 FROM stored_positions": 0: expected number, received string',
    );
    expect(() => assertColumns([1, null, true], KINDS, SQL)).toThrow(
      '1: expected string, received null',
    );
  });

  it('throws on a row of another width or no array at all', () => {
    expect(() => assertColumns([1, 'a'], KINDS, SQL)).toThrow(
      'expected 3 columns, received 2 columns',
    );
    expect(() => assertColumns([1, 'a', true, 4], KINDS, SQL)).toThrow('received 4 columns');
    expect(() => assertColumns({ 0: 1, 1: 'a', 2: true }, KINDS, SQL)).toThrow('received object');
  });

  it('checks object rows field by field', () => {
    const fields = { time: 'number', close: 'number' } as const;
    expect(fieldRows([{ time: 1, close: 2 }], fields, SQL)).toEqual([{ time: 1, close: 2 }]);
    expect(() => fieldRows([{ time: 1, close: null }], fields, SQL)).toThrow(
      'close: expected number, received null',
    );
    expect(() => fieldRows([{ time: '1', close: 2 }], fields, SQL)).toThrow(
      'time: expected number, received string',
    );
    expect(() => fieldRows([{ close: 2 }], fields, SQL)).toThrow(
      'time: expected number, received undefined',
    );
    expect(() => fieldRows([null], fields, SQL)).toThrow('expected a row, received null');
  });
});
