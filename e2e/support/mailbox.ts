import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReceivedMail } from '../../apps/server/test/smtp-sink.js';
import { waitForValue } from '../../apps/server/test/wait.js';

/** Waits for a mail to `to` that the test SMTP server received (saved by the global setup). */
export async function waitForMail(
  mailDir: string,
  match: (m: ReceivedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  return waitForValue(
    async () => {
      for (const name of await readdir(mailDir)) {
        const mail = JSON.parse(await readFile(path.join(mailDir, name), 'utf8')) as ReceivedMail;
        if (match(mail)) return mail;
      }
      return undefined;
    },
    'no matching mail arrived at the test SMTP server',
    { timeoutMs, intervalMs: 200 },
  );
}
