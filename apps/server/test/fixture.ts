import type { FastifyInstance } from 'fastify';
import { test as base } from 'vitest';
import { makeUser, type TestUser } from './identities.js';
import { requests, type Requests } from './requests.js';
import { createTestApp, type TestApp } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export type AppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;
type UserOptions = NonNullable<Parameters<typeof makeUser>[1]>;

/**
 * The integration tests' one harness. Everything is made for the first test (or beforeAll) of a
 * file that asks for it and shared by the file's tests, then torn down after its last one, as
 * the files' own beforeAll/afterAll did:
 *   db       a fresh migrated database (createTestDatabase)
 *   t, app   the application on it (createTestApp with `appOptions`, which a file may override)
 *   base     the app listening on a free port of 127.0.0.1, for WebSockets and agents
 *   api      the shared request helpers, anonymous; `api.as(user)` sends with a session
 *   admin, trader, user   one logged-in user of each role
 *   newUser  makes another user (identities.ts makeUser) on the file's database
 */
export const it = base
  .extend('appOptions', { scope: 'file' }, {} as AppOptions)
  .extend('db', { scope: 'file' }, async ({}, { onCleanup }) => {
    const db: TestDatabase = await createTestDatabase();
    onCleanup(() => db.drop());
    return db;
  })
  .extend('t', { scope: 'file' }, async ({ db, appOptions }, { onCleanup }) => {
    const t: TestApp = await createTestApp(db, appOptions);
    onCleanup(() => t.close());
    return t;
  })
  .extend('app', { scope: 'file' }, ({ t }): FastifyInstance => t.app)
  .extend('base', { scope: 'file' }, ({ app }) => app.listen({ port: 0, host: '127.0.0.1' }))
  .extend('api', { scope: 'file' }, ({ app }): Requests => requests(app))
  .extend(
    'newUser',
    { scope: 'file' },
    ({ db }) =>
      (opts: UserOptions = {}): Promise<TestUser> =>
        makeUser(db.pool, opts),
  )
  .extend('admin', { scope: 'file' }, ({ db }) => makeUser(db.pool, { role: 'admin' }))
  .extend('trader', { scope: 'file' }, ({ db }) => makeUser(db.pool, { role: 'trader' }))
  .extend('user', { scope: 'file' }, ({ db }) => makeUser(db.pool, { role: 'user' }));

export const test = it;
export { describe, expect } from 'vitest';
export type { Requests, TestApp, TestDatabase, TestUser };
