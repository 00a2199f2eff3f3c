import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './global-setup.js';
import { LoginPage } from './pages/login.page.js';
import { RecoveryPage } from './pages/recovery.page.js';
import { RegisterPage } from './pages/register.page.js';
import { UsersPage } from './pages/users.page.js';
import { launchBrowser, newPinnedContext } from './support/browser.js';
import { waitForMail } from './support/mailbox.js';
import { logout } from './support/session.js';

const webUrl = inject('webUrl');
const mailDir = inject('mailDir');
const stamp = Date.now().toString(36);
const trader = {
  fullName: 'Marina Teixeira',
  email: `marina.${stamp}@exemplo.com.br`,
  phone: '+55 11 97777-1234',
  dateOfBirth: '1991-08-21',
  broker: 'XP Investimentos',
  password: 'Inicial@2026',
};
const NEW_PASSWORD = 'Trocada#2026';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newPinnedContext(browser, { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  page = await context.newPage();
});
afterAll(async () => {
  await browser.close();
});

// One journey in order: each step starts where the previous one left the trader.
describe('accounts journey', () => {
  it('a new trader registers a DEMO account from the login page', async () => {
    await page.goto(`${webUrl}/login`);
    await page.getByRole('button', { name: /Teste grátis por 7 dias/ }).click();
    await page.getByRole('heading', { name: 'Criar Conta Teste Grátis 7 dias' }).waitFor();
    const register = new RegisterPage(page);
    await register.fill(trader);
    await register.submit();
    await register.waitForCreated();
    expect(await page.getByText(trader.email).first().isVisible()).toBe(true);
    expect(await page.getByText('DEMO', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText(/redirecionado para o login em \d+ segundos/).isVisible()).toBe(
      true,
    );
  });

  it('cannot log in while pending, and is told why', async () => {
    await page.goto(`${webUrl}/login`);
    await new LoginPage(page).login(trader.email, trader.password);
    await page.getByText('Sua conta está aguardando aprovação de um administrador.').waitFor();
  });

  it('the admin approves the account on /users', async () => {
    await new LoginPage(page).login(E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(/\/dashboard$/);
    const users = new UsersPage(page);
    await users.open(webUrl);
    await users.approve(trader.email);
    await logout(page);
  });

  it('the trader logs in, lands on /dashboard, and is sent back from /users', async () => {
    await new LoginPage(page).login(trader.email, trader.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${webUrl}/users`);
    await page.waitForURL(/\/dashboard$/);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await logout(page);
  });

  it('recovers the password through the mailed link; the new one works, the old one no longer', async () => {
    await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    const recovery = new RecoveryPage(page);
    await recovery.requestLink(trader.email);
    await page.getByText('Se o email estiver cadastrado').waitFor();

    const mail = await waitForMail(
      mailDir,
      (m) => m.to.includes(trader.email) && m.subject.includes('redefinição'),
    );
    const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link?.startsWith(webUrl)).toBe(true);
    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Redefinir Senha' }).waitFor();
    await recovery.setNewPassword(NEW_PASSWORD);
    await page.getByText('Senha redefinida com sucesso!').waitFor();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });

    const login = new LoginPage(page);
    await login.login(trader.email, trader.password);
    await page.getByText('Usuário ou senha inválidos.').waitFor();
    await login.login(trader.email, NEW_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
  });
});
