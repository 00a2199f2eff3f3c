import { Writable } from 'node:stream';
import pino from 'pino';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestApp,
  type TestUser,
} from '../../test/fixture.js';
import { TestAgent } from '../../test/agent-client.js';
import { bearer } from '../../test/identities.js';
import { LiveWsClient } from '../../test/live-client.js';
import { HIDDEN, loggerOptions } from './logger.js';

let t: TestApp;
let base: string;
let api: Requests;
let trader: TestUser;
let log = '';

// The production logger's options at its most talkative level, written where the test reads.
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    log += chunk.toString();
    done();
  },
});
it.override('appOptions', { scope: 'file' }, { logger: pino(loggerOptions('trace'), sink) });
it.beforeAll(({ t: givenT, base: givenBase, api: givenApi, trader: givenTrader }) => {
  [t, base, api, trader] = [givenT, givenBase, givenApi, givenTrader];
});

const call = (method: 'GET' | 'POST' | 'HEAD', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(trader.token),
    ...(payload ? { payload } : {}),
  });

async function pairingToken(): Promise<string> {
  const res = await call('POST', '/bridge/token/create', { label: 'log' });
  expect(res.statusCode).toBe(201);
  return res.json<{ token: string }>().token;
}

async function installerId(): Promise<string> {
  const res = await call('GET', '/api/bridge/installer/iot/zip');
  expect(res.statusCode).toBe(200);
  return res.json<{ download_id: string }>().download_id;
}

async function liveTicket(): Promise<string> {
  const res = await call('POST', '/api/bridge/events/ticket');
  expect(res.statusCode).toBe(201);
  return res.json<{ ticket: string }>().ticket;
}

describe('secrets in the request log', () => {
  it('no pairing token, installer id, ticket or reset link reaches the log at trace', async () => {
    const secrets: Record<string, string> = { session: trader.token };

    // Pairing tokens: every status path, the body form, a HEAD, and paths that match no route.
    const token = await pairingToken();
    secrets.pairing = token;
    for (const url of [`/bridge/token/status/${token}`, `/api/bridge/token/status/${token}`]) {
      expect((await call('GET', url)).statusCode, url).toBe(200);
      expect((await call('HEAD', url)).statusCode, url).toBe(200);
    }
    expect((await call('POST', '/api/bridge/token/status', { token })).statusCode).toBe(200);
    expect((await call('GET', `/bridge/token/status/${token}/`)).statusCode).toBe(404);
    expect((await call('POST', `/bridge/token/status/${token}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/bridge/token/status/${token}x`)).statusCode).toBe(400);
    // The agent spends it over its socket.
    const agent = await TestAgent.connect(base);
    agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', pairing_token: token });
    expect(await agent.next()).toMatchObject({ type: 'auth_ok' });
    agent.close();

    // Installers: generated, then downloaded by the spec's path and by the body form.
    const byPath = await installerId();
    const byBody = await installerId();
    const wrongPath = await installerId();
    Object.assign(secrets, { byPath, byBody, wrongPath });
    const get = await api.get(`/api/bridge/installer/download/${byPath}`);
    expect(get.statusCode).toBe(200);
    const post = await api.post('/api/bridge/installer/download', { id: byBody });
    expect(post.statusCode).toBe(200);
    expect((await api.get(`/api/bridge/installer/download/${wrongPath}/x`)).statusCode).toBe(404);
    expect((await api.get(`/api/bridge/installer/download/${byPath}`)).statusCode).toBe(404);

    // Live channels: a ticket in the SSE query, another in the WebSocket's first message.
    const sseTicket = await liveTicket();
    secrets.sseTicket = sseTicket;
    const sse = new AbortController();
    const stream = await fetch(`${base}/bridge/events?ticket=${sseTicket}`, {
      signal: sse.signal,
    });
    expect(stream.status).toBe(200);
    const first = (await stream.body?.getReader().read())?.value as Uint8Array | undefined;
    expect(new TextDecoder().decode(first)).toContain('event: ready');
    sse.abort();
    const wsTicket = await liveTicket();
    secrets.wsTicket = wsTicket;
    const ws = await LiveWsClient.open(base, { ticket: wsTicket });
    await ws.waitFor((m) => m.type === 'ws_connected');
    ws.close();

    // A password reset link: validated, then spent, with its new password.
    const forgot = await api.post('/auth/forgot-password', { email: trader.email });
    expect(forgot.statusCode).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(trader.email));
    const reset = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
    secrets.reset = reset;
    secrets.newPassword = 'Nova#Senha-Log9';
    const valid = await api.get(`/api/auth/validate-reset-token?token=${reset}`);
    expect(valid.statusCode).toBe(200);
    const done = await api.post('/api/auth/reset-password', {
      token: reset,
      password: secrets.newPassword,
    });
    expect(done.statusCode).toBe(200);

    // Every one of those requests was logged, with its secret hidden...
    const lines = log.split('\n').filter(Boolean);
    const urls = lines
      .map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } })
      .filter((l) => l.msg === 'incoming request')
      .map((l) => l.req?.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        `/bridge/token/status/${HIDDEN}`,
        `/api/bridge/token/status/${HIDDEN}`,
        `/bridge/token/status/${HIDDEN}/`,
        '/api/bridge/token/status',
        `/api/bridge/installer/download/${HIDDEN}`,
        `/api/bridge/installer/download/${HIDDEN}/${HIDDEN}`,
        '/api/bridge/installer/download',
        '/bridge/events?ticket=%5Bredacted%5D',
        '/api/auth/validate-reset-token?token=%5Bredacted%5D',
      ]),
    );
    expect(lines.filter((l) => l.includes('"msg":"request completed"')).length).toBeGreaterThan(20);
    // ...and none of them appears anywhere in it.
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(log.includes(secret), `${name} in the log`).toBe(false);
    }
  });
});
