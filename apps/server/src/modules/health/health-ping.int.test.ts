import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { DatabaseStatus } from '../../db/database-status.js';
import { sharedPing } from './database-ping.js';

// Not on the fixture: the ping needs only an empty, unmigrated database and pools of its own.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
});
afterAll(async () => {
  await db.drop();
});

describe('sharedPing', () => {
  it('sends one SELECT 1 for a burst of probes and reuses its answer', async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const status = new DatabaseStatus({ pool, log: pino({ level: 'silent' }) });
    const query = vi.spyOn(pool, 'query');
    try {
      const ping = sharedPing(pool, status);
      const burst = await Promise.all(Array.from({ length: 50 }, () => ping()));
      expect(query).toHaveBeenCalledTimes(1);
      expect(new Set(burst).size).toBe(1);
      expect(burst[0]).toBeGreaterThanOrEqual(0);
      expect(await ping()).toBe(burst[0]);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      status.close();
      await pool.end();
    }
  });

  it('never reuses a failure: each probe of an unreachable database asks again', async () => {
    const url = new URL(db.url);
    url.port = '1'; // nothing listens there
    const pool = new pg.Pool({
      connectionString: url.toString(),
      max: 1,
      connectionTimeoutMillis: 2_000,
    });
    pool.on('error', () => undefined);
    const status = new DatabaseStatus({ pool, log: pino({ level: 'silent' }) });
    const query = vi.spyOn(pool, 'query');
    try {
      const ping = sharedPing(pool, status);
      expect(await ping()).toBeNull();
      expect(await ping()).toBeNull();
      expect(query).toHaveBeenCalledTimes(2);
    } finally {
      status.close();
      await pool.end();
    }
  });
});
