import { simpleParser } from 'mailparser';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The decoded subject (encoded words undone). */
  subject: string;
  /** The decoded text part (any transfer encoding and charset undone), for reading links. */
  text: string;
  /** The decoded HTML part, when the mail has one. */
  html?: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or still to come) that matches. */
  waitFor: (match: (m: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

/** The mail as a reader sees it: MIME parts, transfer encodings and charsets undone by mailparser. */
async function parseMail(
  raw: Buffer,
  envelope: { from: string; to: string[] },
): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  return {
    ...envelope,
    raw: raw.toString('utf8'),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
  };
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpSink(opts: { saveDir?: string } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  // Parsing is asynchronous: mails are recorded one after the other, in the order they arrived.
  let recorded = Promise.resolve();
  const record = (mail: ReceivedMail) => {
    mails.push(mail);
    // Other processes (browser tests) read what arrived from here.
    if (opts.saveDir)
      writeFileSync(
        path.join(opts.saveDir, `${Date.now()}-${mails.length}.json`),
        JSON.stringify(mail),
      );
    for (const w of [...waiters]) {
      if (w.match(mail)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(mail);
      }
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        recorded = recorded.then(async () => {
          try {
            record(await parseMail(Buffer.concat(chunks), envelope));
            callback();
          } catch (err) {
            callback(err as Error);
          }
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (match, timeoutMs = 10_000) => {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
