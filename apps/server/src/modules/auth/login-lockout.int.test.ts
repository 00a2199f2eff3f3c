import { loginMessages } from '@vortex/core';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { TEST_PASSWORD, type TestUser } from '../../../test/identities.js';
import { freshAddress as ip } from '../../../test/requests.js';
import { pruneEvents } from './rate-events.repo.js';
import { z } from 'zod';
import { oneRow } from '../../db/rows.js';

const CountSchema = z.object({ n: z.number() });

const WRONG = 'Errada@123';

const failFrom = async (api: Requests, id: string, address: string, times: number) => {
  for (let i = 0; i < times; i++) {
    expect((await api.login(id, WRONG, address)).statusCode).toBe(401);
  }
};
const locked = { success: false, error: loginMessages.tooManyAttempts };

/** Moves an account's failures into the past, as the clock would. */
const age = (db: TestDatabase, u: TestUser, seconds: number) =>
  db.pool.query(
    `UPDATE login_failures SET created_at = created_at - make_interval(secs => $2)
     WHERE account = $1`,
    [`u:${u.id}`, seconds],
  );

describe('login lockout', () => {
  it("lets the owner in from their address after a stranger's failures from five others", async ({
    api,
    newUser,
  }) => {
    const u = await newUser({ session: false });
    for (let i = 0; i < 5; i++) await failFrom(api, u.email, ip(), 1);
    expect((await api.login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('locks the account on one address after 5 failures by email and username alike', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ session: false });
    const other = await newUser({ session: false });
    const address = ip();
    await failFrom(api, u.email, address, 3);
    await failFrom(api, u.username, address, 2);
    // The right password answers like a wrong one would: the lock tells nothing about it.
    for (const id of [u.username, u.email.toUpperCase()]) {
      const res = await api.login(id, TEST_PASSWORD, address);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(locked);
    }
    // Only that pair: the account elsewhere, and other accounts there, are untouched.
    expect((await api.login(other.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    expect((await api.login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
    await age(db, u, 15 * 60 + 1);
    expect((await api.login(u.username, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('counts parallel guesses before checking them: 5 get an answer, the rest 429', async ({
    api,
    newUser,
  }) => {
    const u = await newUser({ session: false });
    const address = ip();
    const codes = await Promise.all(
      Array.from({ length: 10 }, () => api.login(u.email, WRONG, address)).map(async (r) => {
        return (await r).statusCode;
      }),
    );
    expect(codes.sort((a, b) => a - b)).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('past 20 failures, new addresses wait a growing delay; known addresses do not', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ session: false });
    const home = ip();
    expect((await api.login(u.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await failFrom(api, i % 2 ? u.email : u.username, ip(), 5);

    const fresh = await api.login(u.email, TEST_PASSWORD);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json()).toEqual(locked);
    expect((await api.login(u.username, TEST_PASSWORD, home)).statusCode).toBe(200);

    // 30 s after the 20th failure one more guess gets through; the next waits 60 s.
    await age(db, u, 31);
    expect((await api.login(u.email, WRONG)).statusCode).toBe(401);
    await age(db, u, 31);
    expect((await api.login(u.email, TEST_PASSWORD)).statusCode).toBe(429);
    await age(db, u, 30);
    expect((await api.login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('treats an unknown login like a known one, counted per typed login and address', async ({
    db,
    api,
  }) => {
    const address = ip();
    const nobody = 'ninguem.aqui@nada.com';
    const unknown = await api.login(nobody, WRONG, address);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ success: false, error: loginMessages.invalidCredentials });
    await failFrom(api, nobody, address, 4);
    const res = await api.login(nobody, WRONG, address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(locked);
    expect((await api.login(nobody, WRONG)).statusCode).toBe(401);
    const { n } = await oneRow(
      db.pool,
      CountSchema,
      'SELECT count(*)::int AS n FROM login_failures WHERE account = $1',
      [`n:${nobody}`],
    );
    expect(n).toBe(6);
  });

  it('stops an address after 20 failures over any logins, writing no more rows', async ({
    db,
    api,
    newUser,
  }) => {
    const owner = await newUser({ session: false });
    const stranger = await newUser({ session: false });
    const address = ip();
    expect((await api.login(owner.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) await failFrom(api, `spray${i}@nada.com`, address, 1);

    expect((await api.login('spray20@nada.com', WRONG, address)).statusCode).toBe(429);
    expect((await api.login(stranger.email, TEST_PASSWORD, address)).statusCode).toBe(429);
    // Whoever has logged in from this address before is still let in.
    expect((await api.login(owner.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    const { n } = await oneRow(
      db.pool,
      CountSchema,
      'SELECT count(*)::int AS n FROM login_failures WHERE ip = $1',
      [address],
    );
    expect(n).toBe(20);
  });

  it('forgets failures after a day and addresses unused for 90 days', async ({ db, newUser }) => {
    const u = await newUser({ session: false });
    await db.pool.query(
      `INSERT INTO login_failures (account, ip, created_at)
       VALUES ('n:velho', '10.4.250.1', now() - interval '25 hours'), ('n:novo', '10.4.250.1', now())`,
    );
    await db.pool.query(
      `INSERT INTO login_addresses (user_id, ip, last_success_at)
       VALUES ($1, '10.4.250.2', now() - interval '91 days'), ($1, '10.4.250.3', now())`,
      [u.id],
    );
    await pruneEvents(db.pool);
    const failures = await db.pool.query(
      "SELECT account FROM login_failures WHERE ip = '10.4.250.1'",
    );
    expect(failures.rows).toEqual([{ account: 'n:novo' }]);
    const addresses = await db.pool.query('SELECT ip FROM login_addresses WHERE user_id = $1', [
      u.id,
    ]);
    expect(addresses.rows).toEqual([{ ip: '10.4.250.3' }]);
  });
});
