import { describe, expect, it } from '../../../test/fixture.js';
import { createPool } from '../../db/database.js';
import { warmConnectionsOf, warmTradingReads } from './trading-warm-up.js';

describe('warmTradingReads', () => {
  it('leaves its connections in the pool and writes nothing', async ({ db }) => {
    // Every transaction read-only: any write of the warm-up would fail it.
    const url = new URL(db.url);
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    const pool = createPool(url.toString());
    try {
      expect(await warmTradingReads(pool)).toBe(true);
      expect(pool.totalCount).toBe(warmConnectionsOf(pool));
      expect(pool.idleCount).toBe(warmConnectionsOf(pool));
    } finally {
      await pool.end();
    }
  });

  it('takes no further step once stopped, and says it did not finish', async ({ db }) => {
    const pool = createPool(db.url);
    try {
      expect(await warmTradingReads(pool, Date.now(), AbortSignal.abort())).toBe(false);
      expect(pool.idleCount).toBe(pool.totalCount);
    } finally {
      await pool.end();
    }
  });

  it('fails when the database is away, without holding anything', async () => {
    const pool = createPool('postgres://postgres@127.0.0.1:1/none');
    try {
      await expect(warmTradingReads(pool)).rejects.toThrow();
      expect(pool.totalCount).toBe(0);
    } finally {
      await pool.end();
    }
  });
});
