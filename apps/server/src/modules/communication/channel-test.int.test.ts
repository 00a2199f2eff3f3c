import { communicationMessages as m } from '@vortex/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { fakeSocketFactory } from '../../../test/fake-whatsapp-socket.js';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { makeUser } from '../../../test/identities.js';
import { rowsOf } from '../../db/rows.js';
import { messagingMessages } from '../messaging/messaging-messages.js';
import { httpSmsProvider } from '../messaging/sms-provider.js';
import { WhatsAppService } from '../whatsapp/whatsapp-service.js';

/**
 * Channel tests (issue 14, item 7): a channel that cannot send now is answered as unavailable
 * without anything being queued or dialled; the others are tried once and named as sent or
 * failed with the reason. WhatsApp is the real service over the fake socket, email the real
 * SMTP sink, SMS a provider over HTTP that answers what the test sets.
 */
let db: TestDatabase;
let t: TestApp;
let api: Requests;
let admin: TestUser;
let smsStatus = 200;
const smsRequests: { to: string; text: string }[] = [];
const whatsapp = fakeSocketFactory();

interface Detail {
  channel: string;
  status: string;
  success: boolean;
  contact: string;
  error: string | null;
}

// The app's WhatsApp service and SMS provider are this file's: made before the app, closed after it.
it.override('appOptions', { scope: 'file' }, async ({}, { onCleanup }) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-channel-test-'));
  const provider: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      smsRequests.push(JSON.parse(body) as { to: string; text: string });
      res.statusCode = smsStatus;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const address = provider.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  onCleanup(async () => {
    await new Promise<void>((resolve) => provider.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  });
  const service = new WhatsAppService({
    dataDir,
    factory: whatsapp.factory,
    log: pino({ level: 'silent' }),
    backoff: { baseMs: 5, maxMs: 20 },
  });
  return {
    whatsapp: service,
    sms: httpSmsProvider({
      url: `http://127.0.0.1:${port}/send`,
      bodyTemplate: '{"to":"{to}","text":"{text}"}',
    }),
  };
});

it.beforeAll(({ db: givenDb, t: givenT, api: givenApi, admin: givenAdmin }) => {
  [db, t, api, admin] = [givenDb, givenT, givenApi, givenAdmin];
});

const post = (url: string, payload?: object) => api.as(admin).post(url, payload);

const QueuedSchema = z.object({ channel: z.string(), status: z.string(), attempts: z.number() });
const queuedTo = (recipient: string) =>
  rowsOf(
    db.pool,
    QueuedSchema,
    'SELECT channel, status, attempts FROM messages WHERE recipient = $1 ORDER BY channel',
    [recipient],
  );

describe('communication centre channel test', () => {
  it('names each channel: email sent, SMS failed with the reason, a disconnected WhatsApp unavailable and never dialled', async () => {
    smsStatus = 503;
    const res = await post('/communication/test-channels', {
      email: 'canal-h4@teste.vortex.local',
      phone: '+55 11 97777-1111',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      success: boolean;
      message: string;
      results: object;
      details: Detail[];
    }>();
    expect(body.details.map((d) => [d.channel, d.status, d.error])).toEqual([
      ['email', 'sent', null],
      ['sms', 'failed', messagingMessages.smsRejected(503)],
      ['whatsapp', 'unavailable', messagingMessages.whatsappDisconnected],
    ]);
    expect(body).toMatchObject({
      success: true,
      message: 'Teste enviado. Canais OK: Email',
      results: { email: true, sms: false, whatsapp: false },
    });
    await t.smtp.waitFor((mail) => mail.to.includes('canal-h4@teste.vortex.local'));
    // WhatsApp: no socket opened, nothing queued. SMS: one attempt, failed for good (no retry).
    expect(whatsapp.sockets).toHaveLength(0);
    expect(await queuedTo('5511977771111')).toEqual([
      { channel: 'sms', status: 'failed', attempts: 1 },
    ]);
    expect(smsRequests.filter((r) => r.to === '5511977771111')).toHaveLength(1);
  });

  it('says no channel sent the test instead of "Teste enviado. Canais OK: nenhum"', async () => {
    smsStatus = 400;
    const res = await post('/communication/test-channels', { phone: '+55 11 97777-2222' });
    const body = res.json<{ success: boolean; message: string; details: Detail[] }>();
    expect(body.success).toBe(false);
    expect(body.message).toBe(m.testSummary([]));
    expect(body.message).toBe('Nenhum canal enviou o teste.');
    expect(body.details.map((d) => d.status)).toEqual(['skipped', 'failed', 'unavailable']);
  });
});

describe('a user’s channel test', () => {
  it('answers each channel of the user: email sent, SMS failed with why, WhatsApp unavailable', async () => {
    smsStatus = 500;
    const user = await makeUser(db.pool);
    await db.pool.query(`UPDATE users SET phone = '+55 21 96666-3333' WHERE id = $1`, [user.id]);
    const res = await post(`/users/${user.id}/test`);
    expect(res.json()).toEqual({
      success: true,
      message: 'Teste enviado.',
      results: {
        email: { success: true, status: 'sent' },
        sms: { success: false, status: 'failed', error: messagingMessages.smsRejected(500) },
        whatsapp: {
          success: false,
          status: 'unavailable',
          error: messagingMessages.whatsappDisconnected,
        },
      },
    });
    await t.smtp.waitFor((mail) => mail.to.includes(user.email));
    expect(whatsapp.sockets).toHaveLength(0);
    expect(await queuedTo('5521966663333')).toEqual([
      { channel: 'sms', status: 'failed', attempts: 1 },
    ]);
  });

  it('sends through WhatsApp once it is linked', async () => {
    const user = await makeUser(db.pool);
    await db.pool.query(`UPDATE users SET phone = '+55 31 95555-4444' WHERE id = $1`, [user.id]);
    // The admin opens the QR and the phone scans it.
    await api.as(admin).get('/alerts/whatsapp/qr');
    whatsapp.socket(0).link('5511900001111');
    const res = await post(`/users/${user.id}/test/whatsapp`);
    expect(res.json()).toEqual({
      success: true,
      message: 'Teste enviado.',
      results: { whatsapp: { success: true, status: 'sent' } },
    });
    expect(whatsapp.socket(0).sent).toEqual([
      { jid: '5531955554444@s.whatsapp.net', text: m.testBody('WhatsApp') },
    ]);
  });
});
