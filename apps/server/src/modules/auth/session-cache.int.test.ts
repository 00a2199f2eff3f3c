import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, makeUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

// Not on the fixture: two apps share one counted pool, as two instances share the database.
let db: TestDatabase;
let a: TestApp;
let b: TestApp;
/** A writer that is neither app: another process's pool, a psql session, a migration. */
let other: pg.Pool;
let queries = 0;

const whoami = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/whoami', headers: bearer(token) });
const listUsers = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/users', headers: bearer(token) });

/** For what takes a reconnection: well within the 30-second TTL. */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

beforeAll(async () => {
  db = await createTestDatabase();
  // Both apps share the pool, as instances share the database; every query is counted.
  const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => unknown;
  db.pool.query = ((...args: unknown[]) => {
    queries++;
    return query(...args);
  }) as typeof db.pool.query;
  a = await createTestApp(db);
  b = await createTestApp(db);
  other = new pg.Pool({ connectionString: db.url, max: 2 });
});
afterAll(async () => {
  await other.end();
  await a.close();
  await b.close();
  await db.drop();
});

describe('session cache', () => {
  it('answers a warm request without a database query', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    expect((await whoami(a.app, u.token)).statusCode).toBe(200);
    const before = queries;
    for (let i = 0; i < 5; i++) expect((await whoami(a.app, u.token)).statusCode).toBe(200);
    expect(queries - before).toBe(0);
  });

  it('refuses the very next request after a logout on the same instance', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    expect((await whoami(a.app, u.token)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(u.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await whoami(a.app, u.token)).statusCode).toBe(401);
  });

  it('applies a role change on the very next request of the same instance', async () => {
    const admin = await makeUser(db.pool, { role: 'admin' });
    const u = await makeUser(db.pool, { role: 'admin' });
    expect((await listUsers(a.app, u.token)).statusCode).toBe(200);
    const change = await a.app.inject({
      method: 'POST',
      url: `/users/${u.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'trader' },
    });
    expect(change.statusCode).toBe(200);
    expect((await listUsers(a.app, u.token)).statusCode).toBe(403);
  });

  it('applies a role change made through another instance', async () => {
    const admin = await makeUser(db.pool, { role: 'admin' });
    const u = await makeUser(db.pool, { role: 'admin' });
    expect((await listUsers(a.app, u.token)).statusCode).toBe(200);
    const change = await b.app.inject({
      method: 'POST',
      url: `/users/${u.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'trader' },
    });
    expect(change.statusCode).toBe(200);
    expect((await listUsers(a.app, u.token)).statusCode).toBe(403);
  });

  it('refuses on the very next request a session revoked or a user suspended by any writer', async () => {
    const revoked = await makeUser(db.pool, { role: 'trader' });
    const suspended = await makeUser(db.pool, { role: 'trader' });
    for (const u of [revoked, suspended])
      expect((await whoami(a.app, u.token)).statusCode).toBe(200);
    await other.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [revoked.id]);
    await other.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [suspended.id]);
    expect((await whoami(a.app, revoked.token)).statusCode).toBe(401);
    expect((await whoami(a.app, suspended.token)).statusCode).toBe(401);
  });

  it('refuses a deleted user and an expired session', async () => {
    const deleted = await makeUser(db.pool, { role: 'trader' });
    const expired = await makeUser(db.pool, { role: 'trader' });
    for (const u of [deleted, expired]) expect((await whoami(a.app, u.token)).statusCode).toBe(200);
    await other.query('DELETE FROM users WHERE id = $1', [deleted.id]);
    await other.query(`UPDATE sessions SET expires_at = now() WHERE user_id = $1`, [expired.id]);
    expect((await whoami(a.app, deleted.token)).statusCode).toBe(401);
    expect((await whoami(a.app, expired.token)).statusCode).toBe(401);
  });

  it('serves nothing from memory while its listener is down, and recovers', async () => {
    const u = await makeUser(db.pool, { role: 'trader' });
    expect((await whoami(a.app, u.token)).statusCode).toBe(200);
    await other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'vortex-auth-listener' AND datname = current_database()`,
    );
    // Revoked while no notification can arrive: the next request reads the database.
    await other.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [u.id]);
    expect((await whoami(a.app, u.token)).statusCode).toBe(401);
    const fresh = await makeUser(db.pool, { role: 'trader' });
    expect((await whoami(a.app, fresh.token)).statusCode).toBe(200);
    // Warm again once the listener is back.
    await soon(async () => {
      await whoami(a.app, fresh.token);
      const before = queries;
      await whoami(a.app, fresh.token);
      expect(queries - before).toBe(0);
    });
  });
});
