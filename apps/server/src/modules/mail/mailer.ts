import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import {
  privateDir,
  tightenTree,
  writePrivateFileAtomic,
  type FileOpener,
} from '../../lib/private-files.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send: (msg: MailMessage) => Promise<{ id: string; where: string }>;
  /** 'smtp' sends for real; 'outbox' writes .eml files a self-hoster can open. */
  kind: 'smtp' | 'outbox';
}

/** Email over SMTP_URL; with none, each message becomes an .eml file under DATA_DIR/outbox. */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: (msg: string) => void;
  /** How outbox files are opened; tests give one that resolves to /dev/full. */
  openFile?: FileOpener;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      send: async (msg) => {
        const info = await transport.sendMail({ from: opts.from, ...msg });
        return { id: info.messageId, where: 'smtp' };
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  // Mails an older version left readable by others (0644 in 0755) are made private at start.
  const tightened = tightenTree(outbox).catch((err: unknown) =>
    opts.log(`Pasta ${outbox} não pôde ser restrita ao usuário do servidor: ${String(err)}`),
  );
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    send: async (msg) => {
      const info = await transport.sendMail({ from: opts.from, ...msg });
      await tightened;
      await privateDir(outbox);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outbox, name);
      // The .eml may hold a reset link: owner-only, and whole or absent (a full disk throws).
      await writePrivateFileAtomic(file, info.message as Buffer, opts.openFile);
      opts.log(`Email para ${msg.to} gravado em ${file} (SMTP_URL não configurado)`);
      return { id: info.messageId, where: file };
    },
  };
}
