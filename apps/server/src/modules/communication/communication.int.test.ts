import { communicationMessages as m, TEMPLATE_KEYS } from '@vortex/core';
import { createServer, type Server } from 'node:http';
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
import { messagingMessages } from '../messaging/messaging-messages.js';
import { httpSmsProvider } from '../messaging/sms-provider.js';

let db: TestDatabase;
let t: TestApp;
let api: Requests;
let admin: TestUser;
let withPhone: TestUser;
let noPhone: TestUser;
const texts: { to: string; text: string }[] = [];

// The app texts through an SMS provider over HTTP: a server of this file's, closed after the app.
it.override('appOptions', { scope: 'file' }, async ({}, { onCleanup }) => {
  const provider: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      texts.push(JSON.parse(body) as { to: string; text: string });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const address = provider.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  onCleanup(() => new Promise<void>((resolve) => provider.close(() => resolve())));
  return {
    sms: httpSmsProvider({
      url: `http://127.0.0.1:${port}/send`,
      token: 'tok',
      bodyTemplate: '{"to":"{to}","text":"{text}"}',
    }),
  };
});

it.beforeAll(async ({ db: givenDb, t: givenT, api: givenApi, admin: givenAdmin }) => {
  [db, t, api, admin] = [givenDb, givenT, givenApi, givenAdmin];
  withPhone = await makeUser(db.pool, { accountType: 'DEMO' });
  noPhone = await makeUser(db.pool);
  await makeUser(db.pool, { status: 'pending' });
  await db.pool.query(`UPDATE users SET phone = '(11) 98765-4321' WHERE id = $1`, [withPhone.id]);
});

const post = (url: string, payload: object, user = admin) => api.as(user).post(url, payload);

describe('communication centre', () => {
  it('answers the four templates, each for email, sms and whatsapp', async () => {
    const res = await api.as(admin).get('/communication/templates');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ templates: Record<string, Record<string, string>> }>();
    expect(Object.keys(body.templates).sort()).toEqual([...TEMPLATE_KEYS].sort());
    for (const tpl of Object.values(body.templates))
      for (const field of ['subject', 'email', 'sms', 'whatsapp']) expect(tpl[field]).toBeTruthy();
  });

  it('emails every active user and reports each recipient', async () => {
    const res = await post('/communication/send-manual', {
      type: 'email',
      recipients: 'all',
      subject: 'Manutenção às 22h',
      message: 'A plataforma para por 10 minutos.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      success: boolean;
      details: { username: string; success: boolean }[];
    }>();
    expect(body.success).toBe(true);
    const names = body.details.map((d) => d.username).sort();
    expect(names).toEqual([admin.username, withPhone.username, noPhone.username].sort());
    for (const user of [admin, withPhone, noPhone]) {
      const mail = await t.smtp.waitFor(
        (x) => x.to.includes(user.email) && x.subject === 'Manutenção às 22h',
      );
      expect(mail.text).toContain('A plataforma para por 10 minutos.');
    }
  });

  it('texts the users with a phone and reports the others as without one, not sent', async () => {
    const res = await post('/communication/send-manual', {
      type: 'sms',
      recipients: [withPhone.id, noPhone.id],
      message: 'Alerta de mercado',
    });
    expect(res.statusCode).toBe(200);
    const { details } = res.json<{
      details: { user_id: number; status: string; contact: string; error: string | null }[];
    }>();
    expect(details.find((d) => d.user_id === withPhone.id)).toMatchObject({
      status: 'sent',
      contact: '5511987654321',
      error: null,
    });
    expect(details.find((d) => d.user_id === noPhone.id)).toMatchObject({
      status: 'skipped',
      error: m.noAddress.sms,
    });
    expect(texts).toContainEqual({ to: '5511987654321', text: 'Alerta de mercado' });
  });

  it('refuses an unknown recipient without queuing anything', async () => {
    const before = await db.pool.query('SELECT count(*)::int AS n FROM messages');
    const res = await post('/communication/send-manual', {
      type: 'email',
      recipients: [withPhone.id, 987_654],
      subject: 'x',
      message: 'y',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: m.unknownRecipients });
    const after = await db.pool.query('SELECT count(*)::int AS n FROM messages');
    expect(after.rows).toEqual(before.rows);
  });

  it('asks for a subject when the message is an email', async () => {
    const res = await post('/communication/send-manual', {
      type: 'email',
      recipients: 'all',
      subject: '  ',
      message: 'Oi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(m.subjectRequired);
  });

  it('tests each channel and says which worked', async () => {
    const res = await post('/communication/test-channels', {
      email: 'teste-canal@vortex.local',
      phone: '+55 11 91234-5678',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      message: string;
      results: Record<string, boolean>;
      details: { channel: string; error: string | null }[];
    }>();
    expect(body.results).toEqual({ email: true, sms: true, whatsapp: false });
    expect(body.message).toBe('Teste enviado. Canais OK: Email, SMS');
    expect(body.details.find((d) => d.channel === 'whatsapp')?.error).toBe(
      messagingMessages.whatsappUnavailable,
    );
    await t.smtp.waitFor((x) => x.to.includes('teste-canal@vortex.local'));
    expect(texts.some((x) => x.to === '5511912345678')).toBe(true);
  });

  it('tests only the email when no phone is given', async () => {
    const res = await post('/communication/test-channels', { email: 'so-email@vortex.local' });
    const body = res.json<{ results: Record<string, boolean>; details: { error: string }[] }>();
    expect(body.results).toEqual({ email: true, sms: false, whatsapp: false });
    expect(body.details.map((d) => d.error)).toContain(m.notTested.sms);
  });

  it('refuses a test with neither email nor phone, and a non-admin', async () => {
    const empty = await post('/communication/test-channels', { email: '', phone: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toContain(m.testTargetRequired);
    const trader = await makeUser(db.pool, { role: 'trader' });
    const denied = await post('/communication/test-channels', { email: 'a@b.com' }, trader);
    expect(denied.statusCode).toBe(403);
  });
});
