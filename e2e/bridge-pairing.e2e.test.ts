import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LoginPage } from './pages/login.page.js';
import { startAgent, type AgentProcess } from './support/agent-process.js';
import { launchBrowser, newPinnedContext } from './support/browser.js';
import { registerApprovedTrader } from './support/new-trader.js';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');
const stamp = Date.now().toString(36);
const trader = {
  fullName: 'Paulo Henrique Lima',
  email: `paulo.${stamp}@exemplo.com.br`,
  phone: '+55 21 96666-4321',
  dateOfBirth: '1987-03-14',
  broker: 'Clear Corretora',
  password: 'Pareamento@2026',
};

let browser: Browser;
let traderPage: Page;
let adminPage: Page;
let agent: AgentProcess | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  const ctx = () => newPinnedContext(browser, { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  traderPage = await (await ctx()).newPage();
  adminPage = await (await ctx()).newPage();
});
afterAll(async () => {
  await agent?.stop();
  await browser.close();
});

// One journey in order: each step starts where the previous one left the trader.
describe('bridge pairing journey', () => {
  it('a new trader registers and an admin approves the account', async () => {
    await registerApprovedTrader(traderPage, adminPage, webUrl, trader);
  });

  it('the trader lands on the onboarding overlay, waiting for a bridge', async () => {
    await traderPage.goto(`${webUrl}/login`);
    await new LoginPage(traderPage).login(trader.email, trader.password);
    await traderPage.waitForURL(/\/dashboard$/);
    await traderPage.getByRole('dialog', { name: 'Conecte sua conta MT5' }).waitFor();
    await traderPage.getByText('Aguardando pareamento...').waitFor();
    expect(await traderPage.getByText('Bridge: Offline').isVisible()).toBe(true);
  });

  it('downloads the installer zip, its id posted rather than put in a URL', async () => {
    const urls: string[] = [];
    traderPage.on('request', (r) => urls.push(r.url()));
    const [download] = await Promise.all([
      traderPage.waitForEvent('download'),
      traderPage.getByRole('button', { name: 'Baixar agente (ZIP)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('VortexBridge.zip');
    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(urls).toContain(`${apiUrl}/api/bridge/installer/download`);
    expect(urls.filter((u) => /installer\/download\/./.test(u))).toEqual([]);
    // Its claim waits for the agent the trader has not installed yet.
    await traderPage.getByText('Aguardando primeiro heartbeat da bridge (auto-claim)...').waitFor();
  });

  it('generates a pairing token; the agent started with it pairs and the page says Conectado!', async () => {
    await traderPage.getByRole('link', { name: 'Prefiro parear com um token' }).click();
    await traderPage.waitForURL(/\/welcome$/);
    await traderPage.getByRole('button', { name: 'Gerar Token de Pareamento' }).click();
    const tokenBox = traderPage.getByTestId('pairing-token');
    await tokenBox.waitFor();
    const token = (await tokenBox.textContent())?.trim() ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await traderPage.getByText('Status: Pendente').isVisible()).toBe(true);

    agent = await startAgent(apiUrl, token);
    await traderPage.getByText('Conectado!').waitFor({ timeout: 60_000 });
    // The account follows within moments, with the agent's hello.
    const accountBox = traderPage.getByTestId('paired-account').filter({ hasText: /^\d{7,}$/ });
    await accountBox.waitFor({ timeout: 10_000 });
    const account = (await accountBox.textContent())?.trim();
    expect(account).toMatch(/^\d{7,}$/);
    expect(agent.output()).toContain(`conta ${account}`);
    // Its own waits add up to 70 s (an agent process starting under libfaketime on a loaded
    // machine): the tier's 60 s default ended it with the page about to say 'Conectado!'.
  }, 120_000);

  it('after pairing on /welcome the dashboard opens with no onboarding overlay', async () => {
    // Issue 14: onboarding's rule already holds, so the overlay does not come back.
    await traderPage.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await traderPage.waitForFunction(
      () => localStorage.getItem('onboarding_completed_full') === 'true',
    );
    await traderPage.getByText('Bridge: Conectado').waitFor();
    expect(await traderPage.getByRole('dialog', { name: 'Conecte sua conta MT5' }).count()).toBe(0);
  });

  it('an admin revokes the session on /bridge-admin and the trader sees it live', async () => {
    await adminPage.goto(`${webUrl}/bridge-admin`);
    const section = adminPage.getByRole('region', { name: 'Sessões Bridge' });
    const row = section.getByRole('row').filter({ hasText: `paulo_${stamp}` });
    await row.first().waitFor();
    await row
      .first()
      .getByRole('button', { name: /Revogar/ })
      .click();
    await adminPage.getByText(/Sessão do usuário \d+ revogada/).waitFor();

    // No reload on the trader's side: the live channel brings the revocation.
    await traderPage.getByText('Sessão revogada').waitFor({ timeout: 15_000 });
    await traderPage.getByText('Bridge: Offline').waitFor({ timeout: 15_000 });
  });
});
