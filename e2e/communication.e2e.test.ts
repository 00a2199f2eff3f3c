import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './global-setup.js';
import { CommunicationPage } from './pages/communication.page.js';
import { LoginPage } from './pages/login.page.js';
import { launchBrowser, newPinnedContext } from './support/browser.js';
import { waitForMail } from './support/mailbox.js';

// issue 7: the admin reaches the demo users by email from the communication centre.
const apiUrl = inject('apiUrl');
const webUrl = inject('webUrl');
const mailDir = inject('mailDir');
const stamp = Date.now().toString(36);
const demoUsers = ['lia', 'teo'].map((name) => ({
  username: `${name}_${stamp}`.slice(0, 20),
  email: `${name}.${stamp}@exemplo.com.br`,
}));

let browser: Browser;
let page: Page;
let centre: CommunicationPage;

async function api(path: string, init: { method?: string; token?: string; body?: unknown }) {
  const res = await fetch(`${apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Two DEMO traders registered and approved, as the accounts journey makes them. */
async function seedDemoUsers(): Promise<void> {
  const { token } = (await api('/auth/login', { method: 'POST', body: E2E_ADMIN })) as {
    token: string;
  };
  for (const u of demoUsers) {
    await api('/auth/register', {
      method: 'POST',
      body: {
        full_name: `Demo ${u.username}`,
        username: u.username,
        email: u.email,
        phone: '+55 11 95555-0000',
        date_of_birth: '1990-01-01',
        password: 'Demo@Comm2026',
        account_type: 'demo',
        uses_mt5: true,
        broker: 'XP Investimentos',
      },
    });
  }
  const { users } = (await api('/users', { token })) as {
    users: { id: number; email: string; username: string }[];
  };
  for (const u of demoUsers) {
    const found = users.find((x) => x.email === u.email);
    if (!found) throw new Error(`${u.email} não foi cadastrado`);
    u.username = found.username;
    await api(`/users/${found.id}/approve`, { method: 'PUT', token });
  }
}

beforeAll(async () => {
  await seedDemoUsers();
  browser = await launchBrowser();
  const context = await newPinnedContext(browser, {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  page = await context.newPage();
  centre = new CommunicationPage(page);
  await page.goto(`${webUrl}/login`);
  await new LoginPage(page).login(E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL(/\/dashboard$/);
});
afterAll(async () => {
  await browser.close();
});

describe('communication journey', () => {
  it('the admin emails the demo users from the centre and the mail arrives', async () => {
    await centre.open(webUrl);
    for (const u of demoUsers) await centre.waitForRecipient(u.username);
    const subject = `Manutenção programada ${stamp}`;
    await centre.composeEmail(subject, 'A plataforma para às 22h por 10 minutos.');
    await centre.press('Somente demo');
    await centre.press('Enviar mensagem');
    const panel = await centre.result();
    await panel.getByText('Sucesso').waitFor();
    for (const u of demoUsers) {
      const row = panel.getByRole('listitem').filter({ hasText: u.email });
      expect(await row.getByText('Enviado').isVisible()).toBe(true);
      const mail = await waitForMail(
        mailDir,
        (m) => m.to.includes(u.email) && m.subject === subject,
      );
      expect(mail.text).toContain('A plataforma para às 22h por 10 minutos.');
    }
  });

  it('the channel test reports email, SMS and WhatsApp one by one', async () => {
    await centre.tab('Teste de canais');
    const email = `canal.${stamp}@exemplo.com.br`;
    await centre.dialog.getByLabel('Email de teste').fill(email);
    await centre.dialog.getByLabel('Telefone de teste').fill('+55 11 91234-5678');
    await centre.press('Testar canais');
    const panel = await centre.result();
    // No SMS provider here: the outbox takes the text; WhatsApp is off in this system.
    await panel.getByText('Teste enviado. Canais OK: Email, SMS').waitFor();
    const rows = panel.getByRole('listitem');
    expect(await rows.count()).toBe(3);
    expect(await rows.filter({ hasText: 'Email' }).getByText('Enviado').isVisible()).toBe(true);
    expect(await rows.filter({ hasText: 'SMS' }).getByText('Enviado').isVisible()).toBe(true);
    const whatsapp = rows.filter({ hasText: 'WhatsApp' });
    // Off here: unavailable at once, never queued (issue 14).
    expect(await whatsapp.getByText('Indisponível', { exact: true }).isVisible()).toBe(true);
    expect(
      await whatsapp.getByText('Serviço de WhatsApp indisponível neste servidor.').isVisible(),
    ).toBe(true);
    await waitForMail(
      mailDir,
      (m) => m.to.includes(email) && m.subject === 'Vórtex: teste de canal',
    );
  });
});
