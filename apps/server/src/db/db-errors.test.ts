import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDataRejected } from './db-errors.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database errors', () => {
  it('takes a refused, reset or shut-down server as passing', () => {
    for (const err of [
      pgError('ECONNREFUSED'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([pgError('ECONNREFUSED')]),
    ])
      expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('does not take a bad query or bad data for an outage', () => {
    for (const err of [pgError('42P01'), pgError('22021'), pgError('23505'), new Error('boom')])
      expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('takes data exceptions and constraint violations as refusals for good', () => {
    expect(
      isDataRejected(pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')),
    ).toBe(true);
    expect(isDataRejected(pgError('22003', 'value out of range'))).toBe(true);
    expect(isDataRejected(pgError('23514'))).toBe(true);
    expect(isDataRejected(pgError('ECONNREFUSED'))).toBe(false);
    expect(isDataRejected(undefined)).toBe(false);
  });
});
