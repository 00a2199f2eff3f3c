import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReceivedMail } from '../../apps/server/test/smtp-sink.js';

/** Waits for a mail to `to` that the test SMTP server received (saved by the global setup). */
export async function waitForMail(
  mailDir: string,
  match: (m: ReceivedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of await readdir(mailDir)) {
      const mail = JSON.parse(await readFile(path.join(mailDir, name), 'utf8')) as ReceivedMail;
      if (match(mail)) return mail;
    }
    await sleep(200);
  }
  throw new Error('no matching mail arrived at the test SMTP server');
}
