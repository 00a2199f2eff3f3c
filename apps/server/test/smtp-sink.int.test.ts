import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const link = 'http://localhost:3000/reset-password?token=Abc_def-123456789012345678901234567890123';

describe('the test SMTP sink', () => {
  it('reads what a mail client reads, whatever the transfer encoding and charset', async () => {
    const transport = nodemailer.createTransport({ url: sink.url, ignoreTLS: true });
    // Base64 bodies, a Latin-1 part and an encoded-word subject: none of it is readable raw.
    await transport.sendMail({
      from: 'Vórtex <teste@vortex.local>',
      to: 'leitor@teste.vortex.local',
      subject: 'Vórtex: redefinição de senha — ação necessária',
      text: `Olá, João! Sua conta está quase pronta. Acesse: ${link}`,
      html: `<p>Olá, <b>João</b>: <a href="${link}">redefinir</a></p>`,
      textEncoding: 'base64',
      encoding: 'utf-8',
    });
    await transport.sendMail({
      from: 'teste@vortex.local',
      to: 'latin@teste.vortex.local',
      subject: 'Manutenção',
      text: Buffer.from('Atenção: manutenção às 22h.', 'latin1'),
      textEncoding: 'quoted-printable',
      headers: { 'Content-Type': 'text/plain; charset=iso-8859-1' },
    });
    transport.close();

    const mail = await sink.waitFor((m) => m.to.includes('leitor@teste.vortex.local'));
    expect(mail.raw).not.toContain('João');
    expect(mail.subject).toBe('Vórtex: redefinição de senha — ação necessária');
    expect(mail.text).toContain(`Olá, João! Sua conta está quase pronta. Acesse: ${link}`);
    expect(mail.html).toContain(`<a href="${link}">redefinir</a>`);
    expect(mail.from).toBe('teste@vortex.local');

    const latin = await sink.waitFor((m) => m.to.includes('latin@teste.vortex.local'));
    expect(latin.text.trim()).toBe('Atenção: manutenção às 22h.');
    expect(sink.mails.map((m) => m.to[0])).toEqual([
      'leitor@teste.vortex.local',
      'latin@teste.vortex.local',
    ]);
  });
});
