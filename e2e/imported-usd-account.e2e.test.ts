import { mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './global-setup.js';
import { LoginPage } from './pages/login.page.js';
import { ReportImportSection } from './pages/report-import.page.js';
import { apiAs } from './support/api.js';
import { launchBrowser, newPinnedContext } from './support/browser.js';
import { PHONE_VIEWPORT, setTheme, type Theme } from './support/screens.js';
import { repoRoot } from './support/system.js';

// issue 26, Done when: on a phone and at 1440 px a trader imports real USD hedging reports,
// switches to one in the account switcher and sees dollars, its whole period and nothing live.
const apiUrl = inject('apiUrl');
const webUrl = inject('webUrl');
const stamp = Date.now().toString(36);
const trader = { email: `dolar.${stamp}@exemplo.com.br`, password: 'Dolares@2026' };
const FIXTURES = path.join(repoRoot, 'apps/server/test/fixtures/mt5');
// Both hedging, both in USD (SOURCES.md). HFM's deals are of April and May 2025, older than any
// default window whichever clock reads them (the pages run at E2E_NOW, March 2026; the server at
// the machine's own where there is no libfaketime); Darwinex's, of February and March 2026, are
// the other account the switcher offers.
const HFM = { file: 'ReportHistory-57174315-HFM.xlsx', label: '57174315 · HFMarketsKE-Demo2' };
const DARWINEX = { file: 'ReportHistory-4000084439.xlsx', label: '4000084439 · Darwinex-Live' };
const HFM_SPAN = 'Dados de 16/04/2025 a 12/05/2025';
const SHOTS = path.join(repoRoot, '.test-results', 'imported-usd-account');

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A REAL trader registered and approved through the API: the journey is the import. */
async function approvedTrader(): Promise<void> {
  const form = JSON.stringify({
    full_name: 'Paulo Dólar',
    email: trader.email,
    phone: '+55 11 98888-5678',
    date_of_birth: '1985-06-02',
    password: trader.password,
    account_type: 'REAL',
    uses_mt5: true,
    broker: 'Darwinex',
  });
  // From a loopback address of its own: registrations are limited per address (5 an hour).
  const { status, text } = await new Promise<{ status: number; text: string }>(
    (resolve, reject) => {
      const req = request(
        `${apiUrl}/auth/register`,
        {
          method: 'POST',
          localAddress: '127.0.0.26',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (data += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
        },
      );
      req.on('error', reject);
      req.end(form);
    },
  );
  if (status !== 201) throw new Error(`register: HTTP ${status} ${text}`);
  const admin = await login(E2E_ADMIN.email, E2E_ADMIN.password);
  const { users } = await apiAs<{ users: { id: number; email: string }[] }>(
    apiUrl,
    admin,
    '/users',
  );
  const id = users.find((u) => u.email === trader.email)?.id;
  await apiAs(apiUrl, admin, `/users/${id}/approve`, { method: 'PUT', body: {} });
}

let browser: Browser;

beforeAll(async () => {
  await approvedTrader();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openAs(viewport: { width: number; height: number }) {
  const context: BrowserContext = await newPinnedContext(browser, {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
  });
  const page = await context.newPage();
  await page.goto(`${webUrl}/login`);
  await new LoginPage(page).login(trader.email, trader.password);
  await page.waitForURL(/\/dashboard$/);
  return { context, page };
}

async function importReport(page: Page, file: string, account: string): Promise<void> {
  await page.goto(`${webUrl}/reports`);
  const section = new ReportImportSection(page);
  await section.region().waitFor();
  await section.choose(path.join(FIXTURES, file));
  await section.submit();
  await section.region().getByText(`Conta: ${account} · Importada`).waitFor({ timeout: 90_000 });
}

/** Chooses the account in the header's switcher and waits for its label to be drawn. */
async function switchTo(page: Page, label: string): Promise<void> {
  const select = page.getByLabel('Conta', { exact: true });
  await select.waitFor();
  const options = await select.locator('option').allTextContents();
  const option = options.find((o) => o.startsWith(label));
  if (!option) throw new Error(`no '${label}' in the switcher: ${options.join(' | ')}`);
  await select.selectOption({ label: option });
  await page.locator('p', { hasText: option }).first().waitFor();
  await expect.poll(() => select.inputValue()).not.toBe('');
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
}

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as Theme[]) {
    await setTheme(page, theme);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), fullPage: true });
  }
  await setTheme(page, 'light');
}

/** Nothing on the page speaks for an agent: no bot, no bridge, no open book, no live switch. */
async function expectNothingLive(page: Page): Promise<void> {
  expect(await page.getByRole('button', { name: /Parar bot|Iniciar bot/ }).count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Controle do VórtexBot' }).count()).toBe(0);
  expect(await page.getByTestId('bridge-badge').count()).toBe(0);
  expect(await page.getByText(/Bridge conectada|MT5 logado|Assim que a bridge/).count()).toBe(0);
}

async function checkScreens(page: Page, name: string): Promise<void> {
  // The dashboard: its status line, dollars, its whole period, and nothing live.
  await page.goto(`${webUrl}/dashboard`);
  await page.getByRole('status').filter({ hasText: 'Conta importada (não conectada)' }).waitFor();
  await page.getByText('Todo o histórico da conta').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByText(HFM_SPAN, { exact: true }).count()).toBeGreaterThan(0);
  const net = page.getByRole('group', { name: 'Lucro líquido' }).getByTestId('stat-value');
  expect(await net.textContent()).toMatch(/US\$/);
  expect(await page.getByRole('group', { name: /^Saldo/ }).textContent()).toMatch(/US\$/);
  expect(await page.getByText(/R\$/).count()).toBe(0);
  for (const label of ['Posições abertas', 'Margem usada', 'PnL diário']) {
    expect(await page.getByRole('group', { name: label }).count()).toBe(0);
  }
  // The daily chart's day is the last that closed a trade, not the later withdrawal's.
  await page.getByText('Resultado de cada operação em 08/05/2025').waitFor();
  // A forex account's 24 hours, over its own last days (not an empty week before today).
  const hourly = page.getByRole('figure', { name: 'Desempenho por hora (0:00–23:00)' });
  await hourly.waitFor();
  expect(await hourly.getByText('Sem operações no período.').count()).toBe(0);
  expect(await page.getByRole('tab', { name: 'Ao vivo' }).count()).toBe(0);
  expect(await page.getByText(/atualizados ao vivo/).count()).toBe(0);
  await expectNothingLive(page);
  await shot(page, `${name}-dashboard`);

  // The statistics open on 'Todo o histórico', saying from when to when.
  await page.goto(`${webUrl}/statistics`);
  await page.getByRole('heading', { level: 1, name: 'Estatísticas Reais MT5' }).waitFor();
  await page.getByText(HFM_SPAN, { exact: true }).first().waitFor();
  const all = page.getByRole('button', { name: 'Todo o histórico' });
  await expect.poll(() => all.getAttribute('aria-pressed')).toBe('true');
  await page.getByText(/US\$/).first().waitFor({ timeout: 30_000 });
  expect(await page.getByText(/R\$/).count()).toBe(0);
  await expectNothingLive(page);
  await shot(page, `${name}-statistics`);

  // The reports too.
  await page.goto(`${webUrl}/reports`);
  await page.getByRole('heading', { level: 1, name: 'Relatórios de Trading' }).waitFor();
  await page.getByText(HFM_SPAN, { exact: true }).first().waitFor();
  await expect.poll(() => page.getByLabel('Período', { exact: true }).inputValue()).toBe('all');
  await page.getByText(/US\$/).first().waitFor({ timeout: 30_000 });
  await expectNothingLive(page);
  await shot(page, `${name}-reports`);
}

describe('an imported USD hedging account', () => {
  it('on a phone: imports two reports, switches to one, sees dollars, its period, nothing live', async () => {
    const { context, page } = await openAs(PHONE_VIEWPORT);
    await importReport(page, HFM.file, HFM.label);
    await importReport(page, DARWINEX.file, DARWINEX.label);
    // Through the switcher: the other account first, so the switch to HFM is one.
    await switchTo(page, DARWINEX.label);
    await switchTo(page, HFM.label);
    await checkScreens(page, 'phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('at 1440 px: switches away and back to it, and sees the same', async () => {
    const { context, page } = await openAs({ width: 1440, height: 900 });
    await page.goto(`${webUrl}/dashboard`);
    await switchTo(page, DARWINEX.label);
    await switchTo(page, HFM.label);
    await checkScreens(page, 'desktop');
    await context.close();
  });
});
