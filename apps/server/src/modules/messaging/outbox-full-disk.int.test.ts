import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openOnFullDisk } from '../../../test/dev-full.js';
import { createMailer } from '../mail/mailer.js';
import { ChannelSendError } from './channel-sender.js';
import { emailChannel } from './email-channel.js';
import { outboxSmsProvider } from './sms-provider.js';

let dataDir = '';
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('the SMS outbox (no SMS_URL)', () => {
  it('writes each text whole, owner-only', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-sms-'));
    await outboxSmsProvider(dataDir, () => undefined).send({
      to: '5511987654321',
      subject: null,
      body: 'Olá',
    });
    const outbox = path.join(dataDir, 'outbox-sms');
    const [name, ...more] = await readdir(outbox);
    expect(more).toEqual([]);
    expect(name).toMatch(/^[^.].*\.txt$/);
    expect(await readFile(path.join(outbox, name ?? ''), 'utf8')).toBe(
      'Para: +5511987654321\n\nOlá\n',
    );
  });

  it('on a full disk fails with the reason in pt-BR (retried by the queue) and leaves no file', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-sms-'));
    const outbox = path.join(dataDir, 'outbox-sms');
    const sms = outboxSmsProvider(dataDir, () => undefined, openOnFullDisk);
    const sent = sms.send({ to: '5511987654321', subject: null, body: 'Olá' });
    await expect(sent).rejects.toThrow(
      new ChannelSendError(`Sem espaço em disco para gravar o SMS (${outbox}).`),
    );
    await expect(sent).rejects.toMatchObject({ permanent: false });
    expect(await readdir(outbox)).toEqual([]);
  });
});

describe('queued email to the .eml outbox (no SMTP_URL)', () => {
  it('on a full disk fails for a retry with the reason in pt-BR and leaves no file', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vortex-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Vórtex <teste@vortex.local>',
      dataDir,
      log: () => undefined,
      openFile: openOnFullDisk,
    });
    const sent = emailChannel(mailer).send({
      to: 'a@teste.vortex.local',
      subject: 'Oi',
      body: 'Olá',
    });
    await expect(sent).rejects.toThrow(
      new ChannelSendError('Sem espaço em disco para gravar o email no servidor.'),
    );
    await expect(sent).rejects.toMatchObject({ permanent: false });
    expect(await readdir(path.join(dataDir, 'outbox'))).toEqual([]);
  });
});
