import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pairTestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let db: TestDatabase;
let t: TestApp;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

describe('an agent that hangs up while its auth is checked', () => {
  it('is not left registered as connected', async () => {
    const user = await makeUser(db.pool, { role: 'trader' });
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/bridge/token/create',
        headers: bearer(user.token),
      })
    ).json<{ token: string }>();
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/bridge/agent`);
    await new Promise<void>((resolve) => ws.once('open', () => resolve()));
    // The auth goes out and the socket closes at once, before the server has checked it.
    ws.send(
      JSON.stringify({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token }),
    );
    ws.terminate();
    // A later agent of another trader connects and leaves: by then the first auth is long done.
    const other = await makeUser(db.pool, { role: 'trader' });
    const later = await pairTestAgent(t.app, base, other, 9_100_001);
    later.close();
    await expect.poll(() => t.app.bridgeRuntime.agents.count(), { timeout: 5_000 }).toBe(0);
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bridge_sessions s WHERE s.user_id = $1 AND s.disconnected_at IS NULL`,
      [user.id],
    );
    expect(rows[0]?.n).toBe(0);
  });
});
