import { apiErrorMessages } from '@vortex/core';
import net from 'node:net';
import { describe, expect, it } from '../../../test/fixture.js';
import WebSocket from 'ws';
import { bearer } from '../../../test/identities.js';

let port: number;

it.beforeAll(({ base }) => {
  port = Number(new URL(base).port);
});

/** Sends a raw upgrade request and reads its answer: a 101's head, or all until the server hangs up. */
function upgrade(target: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let bytes = Buffer.alloc(0);
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.once('connect', () => socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('')}\r\n`));
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      const end = bytes.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = bytes.subarray(0, end).toString();
      // A 101 is all there is to read; any other answer is read until the server ends it.
      if (head.startsWith('HTTP/1.1 101')) socket.destroy();
    });
    socket.on('close', () => resolve(bytes.toString()));
    socket.on('error', reject);
  });
}

const handshake = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
};
const bodyOf = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as object;

describe('the live WebSocket upgrade', () => {
  it('upgrades the plain request at once', async () => {
    const answer = await upgrade('/api/bridge/ws', { host: `127.0.0.1:${port}`, ...handshake });
    expect(answer).toMatch(/^HTTP\/1\.1 101 /);
    expect(answer).toContain('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
  });

  it('answers a foreign Host with 421 in Portuguese, as every route does', async () => {
    for (const host of ['evil.example', `evil.example:${port}`]) {
      const answer = await upgrade('/api/bridge/ws', { host, ...handshake });
      expect(answer, host).toMatch(/^HTTP\/1\.1 421 /);
      expect(bodyOf(answer)).toEqual({ success: false, error: apiErrorMessages.hostNotAllowed });
    }
  });

  it('sends an upgrade with a query through the route: checked by its hooks, then opened', async ({
    app,
    base,
    newUser,
  }) => {
    const host = `127.0.0.1:${port}`;
    const poisoned = await upgrade('/api/bridge/ws?x=%00', { host, ...handshake });
    expect(poisoned).toMatch(/^HTTP\/1\.1 400 /);
    const trader = await newUser({ role: 'trader' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/bridge/events/ticket',
      headers: bearer(trader.token),
    });
    const { ticket } = res.json<{ ticket: string }>();
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/bridge/ws?v=1`);
    const first = new Promise<unknown>((resolve, reject) => {
      ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString())));
      ws.once('error', reject);
    });
    ws.once('open', () => ws.send(JSON.stringify({ ticket })));
    expect(await first).toEqual({ type: 'ws_connected', user_id: trader.id });
    ws.close();
  });

  it('leaves a malformed handshake to ws, which refuses it', async () => {
    const answer = await upgrade('/api/bridge/ws', {
      host: `127.0.0.1:${port}`,
      ...handshake,
      'sec-websocket-key': 'short',
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });
});
