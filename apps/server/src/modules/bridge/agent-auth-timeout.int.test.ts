import { describe, expect, it } from '../../../test/fixture.js';
import WebSocket from 'ws';
import { pairTestAgent } from '../../../test/agent-client.js';
import { AUTH_TIMEOUT_CODE, authTimeoutReason } from './agent-auth-timeout.js';

/** A raw socket on the agent endpoint that never sends a byte; resolves with how it closed. */
async function silentSocket(base: string): Promise<{ closed: Promise<[number, string]> }> {
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
  it('closes sockets that never authenticate with 4408 and a pt-BR reason', async ({
    app,
    base,
    trader,
  }) => {
    // Connected first, so its own 10 s run out before the silent ones': it must not be closed.
    const paired = await pairTestAgent(app, base, trader, 5_300_001);
    const silent = await Promise.all(Array.from({ length: 20 }, () => silentSocket(base)));
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
