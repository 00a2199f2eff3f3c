import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(
  title: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><body style="font-family:sans-serif"><h2>${escapeHtml(title)}</h2>${body}${button}<p style="color:#666">Equipe Vórtex</p></body></html>`;
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Olá, ${name}.`,
    'Recebemos um pedido para redefinir a senha da sua conta Vórtex.',
    'O link abaixo vale por 1 hora e pode ser usado uma única vez.',
    'Se você não fez este pedido, ignore este email: sua senha continua a mesma.',
  ];
  return {
    to,
    subject: 'Vórtex: redefinição de senha',
    text: `${lines.join('\n\n')}\n\nRedefinir senha: ${link}\n\nEquipe Vórtex`,
    html: layout('Redefinição de senha', lines, { href: link, label: 'Redefinir senha' }),
  };
}

export function accountApprovedMail(
  to: string,
  name: string,
  loginUrl: string,
  trialEnds: string | null,
): MailMessage {
  const lines = [
    `Olá, ${name}.`,
    'Sua conta Vórtex foi aprovada e já pode ser usada.',
    ...(trialEnds ? [`Seu período de teste gratuito vai até ${trialEnds}.`] : []),
  ];
  return {
    to,
    subject: 'Vórtex: conta aprovada',
    text: `${lines.join('\n\n')}\n\nEntrar: ${loginUrl}\n\nEquipe Vórtex`,
    html: layout('Conta aprovada', lines, { href: loginUrl, label: 'Entrar no Vórtex' }),
  };
}

export function channelTestMail(to: string, name: string): MailMessage {
  const lines = [
    `Olá, ${name}.`,
    'Esta é uma mensagem de teste do Vórtex: o canal de email está funcionando.',
  ];
  return {
    to,
    subject: 'Vórtex: mensagem de teste',
    text: `${lines.join('\n\n')}\n\nEquipe Vórtex`,
    html: layout('Mensagem de teste', lines),
  };
}
