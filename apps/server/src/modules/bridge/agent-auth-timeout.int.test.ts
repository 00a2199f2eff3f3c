import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pairTestAgent } from '../../../test/agent-client.js';
import { makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { AUTH_TIMEOUT_CODE, authTimeoutReason } from './agent-auth-timeout.js';

let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
let base: string;
let trader: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  app = t.app;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  trader = await makeUser(db.pool, { role: 'trader' });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

/** A raw socket on the agent endpoint that never sends a byte; resolves with how it closed. */
async function silentSocket(): Promise<{ closed: Promise<[number, string]> }> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/bridge/agent`);
  const closed = new Promise<[number, string]>((resolve) => {
    ws.once('close', (code, reason) => resolve([code, reason.toString('utf8')]));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { closed };
}

describe('the agent socket before authentication', () => {
  it('closes sockets that never authenticate with 4408 and a pt-BR reason', async () => {
    // Connected first, so its own 10 s run out before the silent ones': it must not be closed.
    const paired = await pairTestAgent(app, base, trader, 5_300_001);
    const silent = await Promise.all(Array.from({ length: 20 }, () => silentSocket()));
    for (const { closed } of silent) {
      expect(await closed).toEqual([AUTH_TIMEOUT_CODE, authTimeoutReason]);
    }
    expect(Buffer.byteLength(authTimeoutReason)).toBeLessThanOrEqual(123);
    paired.send({ type: 'nada' });
    expect((await paired.next()).type).toBe('error');
    expect(paired.closed).toBeUndefined();
    paired.close();
  });
});
