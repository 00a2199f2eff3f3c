import { resetMessages } from '@vortex/core';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { openOnFullDisk } from '../../../test/dev-full.js';
import { describe, expect, it, type Requests } from '../../../test/fixture.js';
import { freshAddress } from '../../../test/requests.js';
import { oneRow } from '../../db/rows.js';
import { createMailer } from '../mail/mailer.js';
import { FORGOT_MAX_PER_ACCOUNT } from './recovery.service.js';

// No SMTP_URL: mail is written to DATA_DIR/outbox, on a disk that is full (test/dev-full.ts).
const dataDir = path.join(tmpdir(), `vortex-full-disk-${randomBytes(6).toString('hex')}`);
const outbox = path.join(dataDir, 'outbox');

it.override('appOptions', { scope: 'file' }, async ({}, { onCleanup }) => {
  await mkdir(dataDir, { recursive: true });
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Vórtex <teste@vortex.local>',
    dataDir,
    log: () => undefined,
    openFile: openOnFullDisk,
  });
  return { mailer };
});

const forgot = (api: Requests, email: string) =>
  api.post('/auth/forgot-password', { email }, { remoteAddress: freshAddress() });

describe('password recovery on a full disk', () => {
  it('answers 503 in pt-BR, leaves no file in the outbox and no live link', async ({
    db,
    api,
    newUser,
  }) => {
    const u = await newUser();
    // More tries than the account's hourly limit: a failed send does not spend one, so the
    // fourth is not quietly told "sent" either.
    for (let i = 0; i <= FORGOT_MAX_PER_ACCOUNT; i++) {
      const res = await forgot(api, u.email);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        error:
          'Não foi possível enviar o email: sem espaço em disco no servidor. Tente novamente mais tarde.',
      });
    }
    expect(resetMessages.mailNotSent('sem espaço em disco')).toBe(
      'Não foi possível enviar o email: sem espaço em disco no servidor. Tente novamente mais tarde.',
    );
    expect(await readdir(outbox)).toEqual([]);
    const { n } = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1',
      [u.id],
    );
    expect(n).toBe(0);
  });

  it('answers an unknown email as before, with the same "sent" a delivered link gets', async ({
    api,
  }) => {
    const res = await forgot(api, `ninguem-${randomBytes(4).toString('hex')}@exemplo.com`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: resetMessages.forgotSent });
  });
});
