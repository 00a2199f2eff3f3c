import type { Health } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../test/faults/tcp-proxy.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createPool } from '../../db/database.js';
import { it as fixtureIt } from '../../../test/fixture.js';

// Not on the fixture: this app reaches its database through a relay the test can stall.
let db: TestDatabase;
let proxy: TcpProxy;
let pool: ReturnType<typeof createPool>;
let t: TestApp;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const url = new URL(db.url);
  proxy = await startTcpProxy(Number(url.port));
  url.port = String(proxy.port);
  pool = createPool(url.toString());
  t = await createTestApp({ ...db, pool });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // The stalled connections end first, so closing the app does not wait on them.
  await proxy.close();
  await t.close();
  await pool.end();
  await db.drop();
});

/** One probe as a load balancer sends it, with how long it took. */
async function probe(): Promise<{ ms: number; status: number; body: Health }> {
  const t0 = performance.now();
  // The bound only turns a hang into a failure; the assertion is on the measured time.
  const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as Health;
  return { ms: performance.now() - t0, status: res.status, body };
}

describe('/health while PostgreSQL hangs', () => {
  it('answers 503 down within 2 s each time while PostgreSQL hangs (accepts, never answers)', async () => {
    proxy.stall();
    // In a row, then a burst at once: none waits for a ping that will never come back.
    const inRow = [];
    for (let i = 0; i < 4; i++) inRow.push(await probe());
    const burst = await Promise.all(Array.from({ length: 5 }, () => probe()));
    for (const p of [...inRow, ...burst]) {
      expect(p.ms).toBeLessThan(2_000);
      expect(p.status).toBe(503);
      expect(p.body.database).toMatchObject({ state: 'down', reachable: false, latency_ms: null });
      expect(p.body.status).toBe('degraded');
    }
    console.info(
      `/health while stalled: slowest ${Math.round(Math.max(...inRow.concat(burst).map((p) => p.ms)))} ms`,
    );
  });
});

// On an app of its own: this one's last ping must not be reused by the stalled one's probes.
describe('/health on a healthy single instance', () => {
  fixtureIt('names Redis, mail and DATA_DIR’s disk space beside the database', async ({ api }) => {
    const res = await api.get('/health');
    const status = res.statusCode;
    const body = res.json<Health>();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      status: 'ok',
      database: { state: 'up', reachable: true },
      redis: { state: 'disabled', latency_ms: null },
      mail: { mode: 'smtp', state: 'unknown', last_sent_at: null, last_failure_at: null },
    });
    expect(body.disk.free_bytes).toBeGreaterThan(0);
    expect(body.disk.total_bytes).toBeGreaterThanOrEqual(body.disk.free_bytes ?? 0);
    expect(typeof body.disk.low).toBe('boolean');
  });
});
