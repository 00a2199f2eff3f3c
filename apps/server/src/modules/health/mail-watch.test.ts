import { describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.js';
import { watchMail } from './mail-watch.js';

const msg = { to: 'a@b.c', subject: 's', text: 't' };

describe('watchMail', () => {
  it('says unknown before any send, then what the last send did', async () => {
    let fail = false;
    const inner: Mailer = {
      kind: 'smtp',
      send: () =>
        fail
          ? Promise.reject(new Error('ECONNREFUSED'))
          : Promise.resolve({ id: '1', where: 'smtp' }),
    };
    const watch = watchMail(inner);
    expect(watch.health()).toMatchObject({ mode: 'smtp', state: 'unknown', last_sent_at: null });
    await watch.mailer.send(msg);
    expect(watch.health().state).toBe('ok');
    fail = true;
    await expect(watch.mailer.send(msg)).rejects.toThrow('ECONNREFUSED');
    expect(watch.health()).toMatchObject({ state: 'failing' });
    expect(watch.health().last_failure_at).not.toBeNull();
    fail = false;
    await watch.mailer.send(msg);
    expect(watch.health().state).toBe('ok');
  });
});
