import { createServer, type Server } from 'node:http';
import pino from 'pino';
import { afterEach } from 'vitest';
import { z } from 'zod';
import { describe, expect, it, type TestDatabase } from '../../../test/fixture.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { rowsOf } from '../../db/rows.js';
import { createMailer } from '../mail/mailer.js';
import { offlineWhatsApp } from '../whatsapp/whatsapp-port.js';
import type { ChannelSender, ChannelSenders } from './channel-sender.js';
import { DbMessageQueue, type QueueOptions } from './db-message-queue.js';
import { emailChannel } from './email-channel.js';
import type { OutgoingMessage } from './message-queue.js';
import { messagingMessages } from './messaging-messages.js';
import { httpSmsProvider } from './sms-provider.js';
import { whatsappChannel } from './whatsapp-channel.js';

/** A local HTTP server standing in for the SMS provider: answers each request as told. */
interface FakeProvider {
  url: string;
  requests: { at: number; body: string; auth: string | undefined }[];
  answer: (n: number) => number;
  close: () => Promise<void>;
}
async function startProvider(): Promise<FakeProvider> {
  const fake: Omit<FakeProvider, 'url' | 'close'> = { requests: [], answer: () => 200 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      fake.requests.push({ at: Date.now(), body, auth: req.headers.authorization });
      res.statusCode = fake.answer(fake.requests.length);
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/sms`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function at<T>(list: T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`no item ${i}`);
  return v;
}

const FAST: Partial<QueueOptions> = {
  intervalMs: { email: 0, sms: 0, whatsapp: 0 },
  maxAttempts: 4,
  backoffBaseMs: 40,
  backoffCapMs: 100,
  pollMs: 20,
};

let db: TestDatabase;
let smtp: SmtpSink;
let provider: FakeProvider;
const queues: DbMessageQueue[] = [];

function senders(over: Partial<ChannelSenders> = {}): ChannelSenders {
  return {
    email: emailChannel(
      createMailer({ smtpUrl: smtp.url, from: 'teste@vortex.local', dataDir: '/x', log: () => {} }),
    ),
    sms: httpSmsProvider({
      url: provider.url,
      user: 'conta',
      password: 'segredo',
      bodyTemplate: '{"destino":"{to}","mensagem":"{text}"}',
    }),
    whatsapp: whatsappChannel(() => offlineWhatsApp),
    ...over,
  };
}

function queue(over: Partial<ChannelSenders> = {}, options: Partial<QueueOptions> = {}) {
  const q = new DbMessageQueue({
    pool: db.pool,
    senders: senders(over),
    log: pino({ level: 'silent' }),
    options: { ...FAST, ...options },
  });
  queues.push(q);
  q.start();
  return q;
}

const sms = (to: string, body = 'Olá'): OutgoingMessage => ({
  channel: 'sms',
  to,
  body,
  origin: 'test',
});

it.beforeAll(async ({ db: fx }) => {
  db = fx;
  smtp = await startSmtpSink();
  provider = await startProvider();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.close()));
  provider.requests.length = 0;
  provider.answer = () => 200;
  await db.pool.query('UPDATE message_channel_slots SET next_at = $1', ['-infinity']);
});
it.afterAll(async () => {
  await provider.close();
  await smtp.close();
});

describe('the message queue', () => {
  it('sends an email through a real SMTP server and records it sent', async () => {
    const q = queue();
    const ids = await q.enqueue([
      {
        channel: 'email',
        to: 'ana@teste.vortex.local',
        subject: 'Manutenção programada',
        body: 'A plataforma para às 22h.',
        origin: 'manual',
      },
    ]);
    const [result] = await q.settled(ids, 10_000);
    expect(result).toMatchObject({ status: 'sent', attempts: 1, error: null });
    const mail = await smtp.waitFor((m) => m.to.includes('ana@teste.vortex.local'));
    expect(mail.subject).toBe('Manutenção programada');
    expect(mail.text).toContain('A plataforma para às 22h.');
  });

  it('fills the SMS provider template with credentials, escaped values and the phone', async () => {
    const q = queue();
    const ids = await q.enqueue([sms('5511987654321', 'Diga "olá"\ne saia')]);
    expect((await q.settled(ids, 10_000))[0]?.status).toBe('sent');
    const req = at(provider.requests, 0);
    expect(JSON.parse(req.body)).toEqual({
      destino: '5511987654321',
      mensagem: 'Diga "olá"\ne saia',
    });
    expect(req.auth).toBe(`Basic ${Buffer.from('conta:segredo').toString('base64')}`);
  });

  it('retries a failing provider with growing waits until it accepts', async () => {
    provider.answer = (n) => (n <= 2 ? 503 : 200);
    const q = queue();
    const ids = await q.enqueue([sms('5511900000001')]);
    const [result] = await q.settled(ids, 10_000);
    expect(result).toMatchObject({ status: 'sent', attempts: 3, error: null });
    const times = provider.requests.map((r) => r.at);
    expect(times).toHaveLength(3);
    // Backoff 40 ms, then 80 ms: each retry waits at least its turn.
    expect(at(times, 1) - at(times, 0)).toBeGreaterThanOrEqual(35);
    expect(at(times, 2) - at(times, 1)).toBeGreaterThanOrEqual(75);
  });

  it('gives up after the last attempt, keeping the last reason in pt-BR', async () => {
    provider.answer = () => 503;
    const q = queue();
    const ids = await q.enqueue([sms('5511900000002')]);
    const [result] = await q.settled(ids, 10_000);
    expect(result).toMatchObject({
      status: 'failed',
      attempts: 4,
      error: messagingMessages.smsRejected(503),
    });
    expect(provider.requests).toHaveLength(4);
  });

  it('does not retry what the provider refuses as wrong (4xx)', async () => {
    provider.answer = () => 422;
    const q = queue();
    const ids = await q.enqueue([sms('5511900000003')]);
    const [result] = await q.settled(ids, 10_000);
    expect(result).toMatchObject({ status: 'failed', attempts: 1 });
    expect(provider.requests).toHaveLength(1);
  });

  it('fails WhatsApp at once where no messaging service runs', async () => {
    const q = queue();
    const ids = await q.enqueue([
      { channel: 'whatsapp', to: '5511900000004', body: 'Oi', origin: 'test' },
    ]);
    const [result] = await q.settled(ids, 10_000);
    expect(result).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: messagingMessages.whatsappUnavailable,
    });
  });

  it('queues a dedupe key once, however often it is enqueued', async () => {
    const q = queue();
    const m = { ...sms('5511900000005'), dedupeKey: 'alert:42' };
    const first = await q.enqueue([m]);
    const second = await q.enqueue([m]);
    expect(second).toEqual(first);
    await q.settled(first, 10_000);
    expect(provider.requests).toHaveLength(1);
  });

  it('sends each message once with two queue workers on the same database', async () => {
    const seen: string[] = [];
    const counting: ChannelSender = {
      send: async (m) => {
        seen.push(m.to);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const a = queue({ email: counting });
    const b = queue({ email: counting });
    const messages = Array.from({ length: 60 }, (_, i) => ({
      channel: 'email' as const,
      to: `u${i}@teste.vortex.local`,
      subject: 'x',
      body: 'y',
      origin: 'test',
    }));
    const ids = [
      ...(await a.enqueue(messages.slice(0, 30))),
      ...(await b.enqueue(messages.slice(30))),
    ];
    const results = await a.settled(ids, 20_000);
    expect(results.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(seen.sort()).toEqual(messages.map((m) => m.to).sort());
  });

  it('spaces a channel’s sends by its rate limit across workers', async () => {
    const options = { intervalMs: { email: 0, sms: 120, whatsapp: 0 } };
    const a = queue({}, options);
    const b = queue({}, options);
    const ids = await a.enqueue(Array.from({ length: 6 }, (_, i) => sms(`55119000001${i}`)));
    expect((await b.settled(ids, 20_000)).every((r) => r.status === 'sent')).toBe(true);
    // EXTRACT answers a numeric, which pg hands over as a string.
    const rows = await rowsOf(
      db.pool,
      z.object({ t: z.coerce.number() }),
      `SELECT EXTRACT(EPOCH FROM last_attempt_at) * 1000 AS t FROM messages
       WHERE id = ANY($1::uuid[]) ORDER BY last_attempt_at`,
      [ids],
    );
    const claims = rows.map((r) => r.t);
    for (let i = 1; i < claims.length; i++)
      expect(at(claims, i) - at(claims, i - 1)).toBeGreaterThanOrEqual(119);
  });

  it('reports each message of a batch on its own', async () => {
    provider.answer = (n) => (n === 1 ? 400 : 200);
    const q = queue();
    const ids = await q.enqueue([sms('5511900000020'), sms('5511900000021')]);
    const results = await q.settled(ids, 10_000);
    expect(results.map((r) => [r.to, r.status])).toEqual([
      ['5511900000020', 'failed'],
      ['5511900000021', 'sent'],
    ]);
  });
});
