import type pg from 'pg';

/** A pool or a client inside a transaction: repositories take either. */
export type Queryable = pg.Pool | pg.PoolClient;

/** Runs fn in one transaction: every write of a request lands together or not at all. */
export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (c: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
