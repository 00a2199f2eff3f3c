import { createWriteStream, symlinkSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { fixture } from '../../../test/fixtures/mt5/fixtures.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { rawUpload, type RawUpload } from '../../../test/raw-upload.js';
import { waitUntil } from '../../../test/wait.js';
import { oneRow } from '../../db/rows.js';
import { installAuthorization } from '../../http/authorize.js';
import { installErrorHandling } from '../../http/error-handler.js';
import { authenticate } from '../auth/session.service.js';
import { importMessages } from './import/messages.js';
import type { ImportControls } from './report-import.controls.js';
import { importRouteMessages as msg } from './report-import.messages.js';
import { reportImportRoutes } from './report-import.routes.js';

// The upload's bounds and who may upload, on an app of this route alone with its controls
// shortened (a second-long deadline, a handful of slots), over real sockets where the pacing of
// the bytes matters. The caps on what a file holds are in import/limits.test.ts.

let db: TestDatabase;
it.beforeAll(({ db: given }) => {
  db = given;
});

const apps: FastifyInstance[] = [];
const roots: string[] = [];
it.afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
});

/** The route alone, listening, its temp folders in a root of its own. */
async function importApp(
  controls: Partial<ImportControls> = {},
  follower = { catchUp: async () => undefined },
) {
  const root = await mkdtemp(path.join(tmpdir(), 'vortex-import-test-'));
  roots.push(root);
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installAuthorization(app, (token) => authenticate(db.pool, token));
  await app.register(
    reportImportRoutes({ pool: db.pool, follower, controls: { tmpRoot: root, ...controls } }),
  );
  apps.push(app);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const folders = () => readdir(root);
  const inject = (user: TestUser, body: string | Buffer = 'nome;valor\n', query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/reports/import${query}`,
      headers: { ...bearer(user.token), 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const upload = (user: TestUser, query = '') =>
    rawUpload(base, `/api/reports/import${query}`, user.token);
  /** An upload the server is receiving: its temp folder exists. */
  const receiving = async (user: TestUser, query = ''): Promise<RawUpload> => {
    const before = (await folders()).length;
    const up = upload(user, query);
    up.write('<html>');
    await waitUntil(async () => (await folders()).length > before, 'upload not received');
    return up;
  };
  return { app, root, folders, inject, upload, receiving };
}

const trader = () => makeUser(db.pool, { role: 'trader' });
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: string }).error;

describe('an upload is bounded in time', () => {
  it('a trickling upload ends at the deadline: 408, socket closed, no temp folder', async () => {
    const t = await importApp({ deadlineMs: 1_000, idleMs: 60_000 });
    const up = t.upload(await trader());
    // A byte per turn of the event loop: never idle, never done.
    while (!up.answered()) {
      up.write('a');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const answer = await up.answer;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: msg.deadline(1) });
    await up.closed;
    expect(await t.folders()).toEqual([]);
  });

  it('a silent upload ends at the idle timeout: 408, socket closed, no temp folder', async () => {
    const t = await importApp({ deadlineMs: 60_000, idleMs: 1_000 });
    const up = await t.receiving(await trader());
    const answer = await up.answer;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: msg.idle(1) });
    await up.closed;
    expect(await t.folders()).toEqual([]);
  });

  it('a client that goes away mid-upload leaves no temp folder', async () => {
    const t = await importApp();
    const up = await t.receiving(await trader());
    up.abort();
    await waitUntil(async () => (await t.folders()).length === 0, 'temp folder left behind');
  });
});

describe('who may upload', () => {
  it('one import per user at a time: the second gets 429, another user is not held', async () => {
    const t = await importApp();
    const [first, other] = [await trader(), await trader()];
    const up = await t.receiving(first);
    const again = await t.inject(first);
    expect(again.statusCode).toBe(429);
    expect(errorOf(again)).toBe(msg.userBusy);
    expect(errorOf(await t.inject(other))).toBe(importMessages.notMt5);
    up.abort();
    await waitUntil(async () => (await t.folders()).length === 0, 'first upload not ended');
    expect(errorOf(await t.inject(first))).toBe(importMessages.notMt5);
  });

  it('the hourly limit is counted in PostgreSQL, across instances, refusals included', async () => {
    const one = await importApp({ perHour: 2 });
    const two = await importApp({ perHour: 2 });
    const user = await trader();
    expect((await one.inject(user)).statusCode).toBe(400);
    expect((await two.inject(user)).statusCode).toBe(400);
    const third = await one.inject(user);
    expect(third.statusCode).toBe(429);
    expect(errorOf(third)).toBe(msg.perHour(2, 60));
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await two.inject(user)).statusCode).toBe(429);
    const { n } = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      "SELECT count(*)::int AS n FROM rate_events WHERE kind = 'report_import_user' AND key = $1",
      [String(user.id)],
    );
    expect(n).toBe(2);
    expect((await one.inject(await trader())).statusCode).toBe(400);
  });

  it('the server-wide limit holds: past it, 503 with Retry-After', async () => {
    const t = await importApp({ uploads: 1, retryAfterS: 7 });
    const up = await t.receiving(await trader());
    const busy = await t.inject(await trader());
    expect(busy.statusCode).toBe(503);
    expect(errorOf(busy)).toBe(msg.serverBusy);
    expect(busy.headers['retry-after']).toBe('7');
    up.abort();
    await waitUntil(async () => (await t.folders()).length === 0, 'first upload not ended');
    expect((await t.inject(await trader())).statusCode).toBe(400);
  });
  it('past the reading slots, a received upload waits its bounded time, then 503', async () => {
    const t = await importApp({ readers: 0, readWaitMs: 0, retryAfterS: 9 });
    const res = await t.inject(await trader());
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toBe(msg.serverBusy);
    expect(res.headers['retry-after']).toBe('9');
    expect(await t.folders()).toEqual([]);
  });
});

describe('the temp file', () => {
  it('a full disk answers 507 and leaves no temp folder', async () => {
    // A real ENOSPC from the kernel: the temp file the route opens is a link to /dev/full.
    const full = (file: string) => {
      symlinkSync('/dev/full', file);
      return createWriteStream(file);
    };
    const t = await importApp({ openFile: full });
    const res = await t.inject(await trader(), 'a'.repeat(100_000));
    expect(res.statusCode).toBe(507);
    expect(errorOf(res)).toBe(msg.noSpace);
    expect(await t.folders()).toEqual([]);
  });

  it('a server error after the file is read leaves no temp folder', async () => {
    const failing = {
      catchUp: () => Promise.reject(new Error('positions follower down')),
    };
    const t = await importApp({}, failing);
    const report = await readFile(fixture('ReportHistory-57174315-HFM.xlsx'));
    expect((await t.inject(await trader(), report)).statusCode).toBe(500);
    expect(await t.folders()).toEqual([]);
  });
});

describe('import progress', () => {
  it('another user’s request with the same import_id neither sees nor erases it', async () => {
    const t = await importApp();
    const [owner, other] = [await trader(), await trader()];
    const query = '?import_id=shared-import-0001';
    const progress = async (user: TestUser) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/reports/import/progress${query}`,
          headers: bearer(user.token),
        })
      ).json<{ data: { phase: string } }>().data.phase;
    const up = await t.receiving(owner, query);
    expect(await progress(owner)).toBe('reading');
    expect(await progress(other)).toBe('unknown');
    expect((await t.inject(other, 'x', query)).statusCode).toBe(400);
    expect(await progress(owner)).toBe('reading');
    up.abort();
    await waitUntil(async () => (await progress(owner)) === 'done', 'owner’s import not done');
  });
});
