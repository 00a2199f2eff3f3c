import { describe, expect, it } from '../../../test/fixture.js';
import WebSocket from 'ws';
import { z } from 'zod';
import { pairTestAgent } from '../../../test/agent-client.js';
import { oneRow } from '../../db/rows.js';

describe('an agent that hangs up while its auth is checked', () => {
  it('is not left registered as connected', async ({ app, base, db, api, newUser }) => {
    const user = await newUser({ role: 'trader' });
    const { token } = (await api.as(user).post('/bridge/token/create')).json<{ token: string }>();
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/bridge/agent`);
    await new Promise<void>((resolve) => ws.once('open', () => resolve()));
    // The auth goes out and the socket closes at once, before the server has checked it.
    ws.send(
      JSON.stringify({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token }),
    );
    ws.terminate();
    // A later agent of another trader connects and leaves: by then the first auth is long done.
    const other = await newUser({ role: 'trader' });
    const later = await pairTestAgent(app, base, other, 9_100_001);
    later.close();
    await expect.poll(() => app.bridgeRuntime.agents.count(), { timeout: 5_000 }).toBe(0);
    const { n } = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      `SELECT count(*) AS n FROM bridge_sessions s WHERE s.user_id = $1 AND s.disconnected_at IS NULL`,
      [user.id],
    );
    expect(n).toBe(0);
  });
});
