import {
  PHONE_CODE_MAX_TRIES,
  phoneConfirmationMessages as m,
  type PhoneConfirmationState,
} from '@vortex/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { eventually } from '../../../test/bot-scenario.js';
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
import { oneRow, rowsOf } from '../../db/rows.js';
import type { ChannelMessage } from '../messaging/channel-sender.js';
import type { SmsProvider } from '../messaging/sms-provider.js';
import { WhatsAppService } from '../whatsapp/whatsapp-service.js';

// The file's fixtures, kept for the helpers below.
let db: TestDatabase;
let t: TestApp;
let api: Requests;
let newUser: (opts: { role: 'trader' }) => Promise<TestUser>;
/** What the SMS provider was handed: the tests read their codes here. */
const texts: ChannelMessage[] = [];
const sms: SmsProvider = {
  kind: 'outbox',
  send: (message) => {
    texts.push(message);
    return Promise.resolve();
  },
};
const whatsapp = fakeSocketFactory();

// One app with the file's WhatsApp service, unlinked but for the test that links it. A second app
// on the same database would run a second message queue, whose offline WhatsApp may claim the
// code first and fail it for good ('indisponível neste servidor').
it.override('appOptions', { scope: 'file' }, async ({}, { onCleanup }) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-phone-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const service = new WhatsAppService({
    dataDir,
    factory: whatsapp.factory,
    log: pino({ level: 'silent' }),
    backoff: { baseMs: 5, maxMs: 20 },
  });
  return { sms, whatsapp: service };
});
it.beforeAll(({ db: givenDb, t: givenT, api: givenApi, newUser: make }) => {
  [db, t, api, newUser] = [givenDb, givenT, givenApi, make];
});

async function userWithPhone(phone: string | null): Promise<TestUser> {
  const user = await newUser({ role: 'trader' });
  await db.pool.query('UPDATE users SET phone = $1 WHERE id = $2', [phone, user.id]);
  return user;
}

const call = async (user: TestUser, url: string, payload?: object) => {
  const r = await (payload === undefined ? api.as(user).get(url) : api.as(user).post(url, payload));
  return {
    status: r.statusCode,
    body: r.json<{
      success: boolean;
      error?: string;
      message?: string;
      channel?: string;
      data: PhoneConfirmationState;
    }>(),
  };
};

const requestCode = (user: TestUser) => call(user, '/api/phone/confirmation', {});
const verify = (user: TestUser, code: string) =>
  call(user, '/api/phone/confirmation/verify', { code });
const stateOf = (user: TestUser) => call(user, '/api/phone/confirmation');

const codeIn = (text: string) => /é (\d{6})\./.exec(text)?.[1];

/** The code of the newest SMS to `to`, once the queue delivered it. */
async function smsCode(to: string, count: number): Promise<string> {
  const mine = () => texts.filter((x) => x.to === to);
  await eventually(() => mine().length >= count);
  const code = codeIn(mine()[count - 1]?.body ?? '');
  if (!code) throw new Error('no code in the SMS');
  return code;
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone confirmation', () => {
  it('sends a 6-digit code by SMS, stores it hashed, and confirms the phone with it', async () => {
    const user = await userWithPhone('(11) 98765-4321');
    expect((await stateOf(user)).body.data).toEqual({
      phone: '(11) 98765-4321',
      confirmed: false,
      confirmed_at: null,
      code_expires_at: null,
    });

    const sent = await requestCode(user);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ channel: 'sms', message: m.sent('sms', '4321') });
    const expires = Date.parse(sent.body.data.code_expires_at ?? '');
    expect(expires - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const code = await smsCode('5511987654321', 1);
    expect(texts.find((x) => x.to === '5511987654321')?.body).toBe(m.codeBody(code));
    const rows = await rowsOf(
      db.pool,
      z.object({ code_hash: z.string() }),
      'SELECT code_hash FROM phone_confirmation_codes WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]?.code_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.code_hash).not.toContain(code);

    const wrong = await verify(user, otherThan(code));
    expect(wrong).toMatchObject({ status: 400, body: { error: m.wrongCode(4) } });
    const malformed = await verify(user, '12345');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain(m.codeFormat);
    expect((await stateOf(user)).body.data.confirmed).toBe(false);

    const right = await verify(user, ` ${code} `);
    expect(right.status).toBe(200);
    expect(right.body.message).toBe(m.verified);
    expect(right.body.data).toMatchObject({ confirmed: true, code_expires_at: null });
    expect(Date.now() - Date.parse(right.body.data.confirmed_at ?? '')).toBeLessThan(60_000);
    // A code works once; a confirmed phone needs no other.
    expect(await verify(user, code)).toMatchObject({ status: 400, body: { error: m.noCode } });
    expect(await requestCode(user)).toMatchObject({
      status: 409,
      body: { error: m.alreadyConfirmed },
    });
    const audit = await rowsOf(
      db.pool,
      z.object({ action: z.string() }),
      `SELECT action FROM audit_log WHERE actor_user_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(audit.map((r) => r.action)).toEqual(['phone.confirmation_sent', 'phone.confirm']);
  });

  it('sends the code by WhatsApp while the platform’s WhatsApp is linked', async () => {
    await t.app.whatsapp.connect();
    try {
      whatsapp.socket(0).link('5511900000000');
      const user = await userWithPhone('+55 21 99876-5432');
      const before = texts.length;
      const sent = await requestCode(user);
      expect(sent.body).toMatchObject({ channel: 'whatsapp', message: m.sent('whatsapp', '5432') });
      const jid = '5521998765432@s.whatsapp.net';
      await eventually(() => whatsapp.socket(0).sent.some((s) => s.jid === jid));
      const code = codeIn(whatsapp.socket(0).sent.find((s) => s.jid === jid)?.text ?? '') ?? '';
      expect((await verify(user, code)).body.data.confirmed).toBe(true);
      expect(texts.length).toBe(before);
    } finally {
      // Unlinked again: the other tests send their codes by SMS.
      await t.app.whatsapp.disconnect();
    }
  });

  it('refuses a code past its 10 minutes, and one sent to the phone the account had before', async () => {
    const user = await userWithPhone('11 91111-2222');
    await requestCode(user);
    const code = await smsCode('5511911112222', 1);
    // Ten minutes on: the expiry is the database's, so the code is aged there.
    await db.pool.query(
      `UPDATE phone_confirmation_codes SET expires_at = now() - interval '1 second'
        WHERE user_id = $1`,
      [user.id],
    );
    expect((await stateOf(user)).body.data.code_expires_at).toBeNull();
    expect(await verify(user, code)).toMatchObject({ status: 400, body: { error: m.expired } });

    await requestCode(user);
    const second = await smsCode('5511911112222', 2);
    const edit = await api.as(user).put(`/users/${user.id}`, { phone: '11 93333-4444' });
    expect(edit.statusCode).toBe(200);
    expect(await verify(user, second)).toMatchObject({ status: 400, body: { error: m.noCode } });
    expect((await stateOf(user)).body.data).toMatchObject({
      confirmed: false,
      code_expires_at: null,
    });
  });

  it('gives a code five tries, even to guesses sent all at once', async () => {
    const user = await userWithPhone('11 95555-6666');
    await requestCode(user);
    const code = await smsCode('5511955556666', 1);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => verify(user, otherThan(code))),
    );
    const errors = guesses.map((g) => g.body.error);
    for (let left = 1; left < PHONE_CODE_MAX_TRIES; left += 1)
      expect(errors.filter((e) => e === m.wrongCode(left))).toHaveLength(1);
    expect(errors.filter((e) => e === m.triesExhausted)).toHaveLength(4);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(4);
    // The right code comes too late: the tries are spent.
    expect(await verify(user, code)).toMatchObject({
      status: 429,
      body: { error: m.triesExhausted },
    });
    expect((await stateOf(user)).body.data).toMatchObject({
      confirmed: false,
      code_expires_at: null,
    });

    // A new code starts anew.
    await requestCode(user);
    const fresh = await smsCode('5511955556666', 2);
    expect((await verify(user, fresh)).body.data.confirmed).toBe(true);
  });

  it('sends at most 3 codes an hour to a user', async () => {
    const user = await userWithPhone('11 97777-8888');
    const answers = await Promise.all([1, 2, 3, 4].map(() => requestCode(user)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429]);
    expect(answers.find((a) => a.status === 429)?.body.error).toBe(m.tooManyCodes(60));
    await smsCode('5511977778888', 3);
    const { n } = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      `SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND origin = 'phone_confirmation'`,
      [user.id],
    );
    expect(n).toBe(3);

    // The oldest drops out of the hour: one more may be sent, and only the newest code counts.
    await db.pool.query(
      `UPDATE phone_confirmation_codes SET created_at = now() - interval '61 minutes'
        WHERE id = (SELECT min(id) FROM phone_confirmation_codes WHERE user_id = $1)`,
      [user.id],
    );
    const older = await smsCode('5511977778888', 3);
    expect((await requestCode(user)).status).toBe(200);
    const newest = await smsCode('5511977778888', 4);
    // (Both codes are the same one time in a million.)
    expect(await verify(user, older)).toMatchObject({
      status: 400,
      body: { error: m.wrongCode(4) },
    });
    expect((await verify(user, newest)).body.data.confirmed).toBe(true);
  });

  it('ends the confirmation when the phone changes, and asks for a phone before a code', async () => {
    const user = await userWithPhone('11 92222-3333');
    await requestCode(user);
    await verify(user, await smsCode('5511922223333', 1));
    expect((await stateOf(user)).body.data.confirmed).toBe(true);
    // The same number written another way (country code, no ninth digit) is the same phone.
    await db.pool.query('UPDATE users SET phone = $1 WHERE id = $2', ['+55 11 2222-3333', user.id]);
    expect((await stateOf(user)).body.data.confirmed).toBe(true);

    const edit = await api.as(user).put(`/users/${user.id}`, { phone: '11 94444-5555' });
    expect(edit.statusCode).toBe(200);
    expect((await stateOf(user)).body.data).toMatchObject({
      phone: '11 94444-5555',
      confirmed: false,
      confirmed_at: null,
    });
    expect((await requestCode(user)).status).toBe(200);

    const none = await userWithPhone(null);
    expect(await requestCode(none)).toMatchObject({ status: 400, body: { error: m.noPhone } });
    expect(await verify(none, '123456')).toMatchObject({ status: 400, body: { error: m.noPhone } });
    const bad = await userWithPhone('12');
    expect(await requestCode(bad)).toMatchObject({ status: 400, body: { error: m.invalidPhone } });
    const body = await api.as(user).post('/api/phone/confirmation', { phone: '11 90000-0000' });
    expect(body.statusCode).toBe(400);
  });
});
