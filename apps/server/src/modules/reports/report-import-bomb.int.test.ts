import type { FastifyInstance } from 'fastify';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { zipBomb, type ZipBomb } from '../../../test/fixtures/zip-bomb.js';
import { bearer, makeUser } from '../../../test/identities.js';
import { IMPORT_LIMITS, limitMessages } from './import/limits.js';

// Issue 25's probe, through the whole application: a 0.4 MB XLSX whose shared strings inflate to
// 180 MB (the probe's 2.6 MB one held 60 million) is refused as it inflates, naming the cap.

const MB = 1024 * 1024;
const refusal = { success: false, error: limitMessages.xlsxRatio(IMPORT_LIMITS.xlsxRatio) };

let app: FastifyInstance;
let db: TestDatabase;
let bomb: ZipBomb;
it.beforeAll(async ({ app: givenApp, db: givenDb }) => {
  [app, db] = [givenApp, givenDb];
  bomb = await zipBomb(10_000_000);
});

async function send(payload: Buffer) {
  const user = await makeUser(db.pool, { role: 'trader' });
  return app.inject({
    method: 'POST',
    url: '/api/reports/import',
    headers: { ...bearer(user.token), 'content-type': 'application/octet-stream' },
    payload,
  });
}

describe('an XLSX zip bomb uploaded', () => {
  it('is refused with 413 naming the cap, holding little memory', async () => {
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const res = await send(bomb.bytes);
    const ms = performance.now() - started;
    const grown = process.memoryUsage().rss - rss;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(refusal);
    // Before the caps the strings stayed held: 3 GB for the probe's file.
    expect(grown).toBeLessThan(150 * MB);
    console.info(
      `zip bomb through the API: 413 in ${ms.toFixed(0)} ms, RSS +${(grown / MB).toFixed(1)} MB`,
    );
  });

  it('three at once are refused while the server keeps answering', async () => {
    const health = () => app.inject({ method: 'GET', url: '/health' });
    const [a, b, c, during] = await Promise.all([
      send(bomb.bytes),
      send(bomb.bytes),
      send(bomb.bytes),
      health(),
    ]);
    for (const res of [a, b, c]) expect(res.json()).toEqual(refusal);
    expect(during.statusCode, during.body).toBe(200);
    expect((await health()).statusCode).toBe(200);
  });
});
