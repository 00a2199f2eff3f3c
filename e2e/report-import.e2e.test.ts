import { mkdir, writeFile } from 'node:fs/promises';
import {
  buildStatement,
  encodeUtf16le,
  renderStatementHtml,
  type StatementDeal,
} from '@vortex/core';
import { request } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './global-setup.js';
import { LoginPage } from './pages/login.page.js';
import { ReportImportSection } from './pages/report-import.page.js';
import { apiAs } from './support/api.js';
import { launchBrowser, newPinnedContext } from './support/browser.js';
import { setTheme, type Theme } from './support/screens.js';
import { systemNow } from './support/clock.js';
import { repoRoot } from './support/system.js';

// issue 16: a trader uploads the terminal's own report on /reports, watches it go up and lands
// on the dashboard of the imported account.
const apiUrl = inject('apiUrl');
const webUrl = inject('webUrl');
const stamp = Date.now().toString(36);
const trader = { email: `import.${stamp}@exemplo.com.br`, password: 'Importa@2026' };
const FIXTURES = path.join(repoRoot, 'apps/server/test/fixtures/mt5');
const REPORT = path.join(FIXTURES, 'ReportHistory-541223056-FTMO.html');
const SHOTS = path.join(repoRoot, '.test-results', 'report-import');

/**
 * A Trade History report of the last days, written in the terminal's layout (Vórtex's own
 * statement writer), so the dashboard's default period has trades to show.
 */
async function recentReport(): Promise<string> {
  const now = systemNow();
  const deals: StatementDeal[] = [];
  for (let i = 0; i < 30; i++) {
    const open = now - (4 * 86_400_000 * (30 - i)) / 30;
    const side = i % 2;
    const base = { symbol: 'WINZ26', volume: 1, commission: -0.5, swap: 0, magic: 135_000 };
    const common = { ...base, reason: 3, comment: '', position_id: 1000 + i * 2 };
    deals.push(
      {
        ...common,
        ticket: 5000 + i * 2,
        order: 1000 + i * 2,
        type: side,
        entry: 0,
        price: 125_000,
        profit: 0,
        time_msc: open,
      },
      {
        ...common,
        ticket: 5001 + i * 2,
        order: 1001 + i * 2,
        type: 1 - side,
        entry: 1,
        price: 125_100,
        profit: i % 3 === 0 ? -40 : 60,
        time_msc: open + 20 * 60_000,
      },
    );
  }
  const model = buildStatement({
    ownerName: 'Renata Importa',
    account: {
      number: 88_123_456,
      currency: 'BRL',
      server: 'XPMT5-DEMO',
      company: 'XP Investimentos',
      tradeMode: 'demo',
      marginMode: 'netting',
    },
    figures: null,
    from: now - 7 * 86_400_000,
    to: now,
    generatedAt: now,
    startBalance: 10_000,
    deals,
    openPositions: [],
    workingOrders: [],
    reportType: 'full',
    language: 'pt-BR',
  });
  await mkdir(SHOTS, { recursive: true });
  const file = path.join(SHOTS, 'ReportHistory-88123456.html');
  await writeFile(file, Buffer.from(encodeUtf16le(renderStatementHtml(model))));
  return file;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

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
    full_name: 'Renata Importa',
    email: trader.email,
    phone: '+55 11 98888-4321',
    date_of_birth: '1988-03-14',
    password: trader.password,
    account_type: 'REAL',
    uses_mt5: true,
    broker: 'FTMO',
  });
  // From a loopback address of its own: registrations are limited per address (5 an hour), and
  // the other journeys on this shared server register from 127.0.0.1.
  const { status, text } = await new Promise<{ status: number; text: string }>(
    (resolve, reject) => {
      const req = request(
        `${apiUrl}/auth/register`,
        {
          method: 'POST',
          localAddress: '127.0.0.9',
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

async function shot(name: string, theme: Theme): Promise<void> {
  await setTheme(page, theme);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), fullPage: true });
}

beforeAll(async () => {
  await approvedTrader();
  browser = await launchBrowser();
  context = await newPinnedContext(browser, {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1366, height: 900 },
  });
  page = await context.newPage();
});
afterAll(async () => {
  await browser.close();
});

describe('import of an MT5 report', () => {
  it('uploads the report on /reports with a progress bar and lands on its dashboard', async () => {
    await page.goto(`${webUrl}/login`);
    await new LoginPage(page).login(trader.email, trader.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${webUrl}/reports`);
    const section = new ReportImportSection(page);
    await section.region().waitFor();

    // A slow uplink, so the upload's progress is there to be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await section.choose(REPORT);
    await section.submit();
    expect(await section.waitForUploadProgress()).toBeGreaterThan(0);
    await section.result().waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const text = await section.region().textContent();
    expect(text).toContain('Conta: 541223056 · FTMO-Server4 · Importada');
    expect(text).toMatch(/\d+ deals novos/);
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'reports-imported-light.png'), fullPage: true });

    // The same file again adds nothing; a report of the last days opens its dashboard.
    await section.choose(REPORT);
    await section.submit();
    await section
      .region()
      .getByText(/\d+ deals já existiam; nenhum novo/)
      .waitFor();
    await section.choose(await recentReport());
    await section.submit();
    await section
      .region()
      .getByText('Conta: 88123456 · XPMT5-DEMO · Importada')
      .waitFor({ timeout: 60_000 });
    await page.getByText('Total de trades').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'reports-recent-light.png'), fullPage: true });
    await section.openDashboard();
    await page.waitForURL(/\/dashboard$/);
    // The dashboard's status line says so, not 'Dados reais ao vivo' (the header's badge too).
    await page.getByRole('status').filter({ hasText: 'Conta importada (não conectada)' }).waitFor();
    await shot('dashboard', 'light');
    await shot('dashboard', 'dark');
  });

  it('refuses a file that is not an MT5 report, saying so in pt-BR', async () => {
    await page.goto(`${webUrl}/reports`);
    const section = new ReportImportSection(page);
    await section.choose(path.join(FIXTURES, 'SOURCES.md'));
    await section.submit();
    await section.refusal().waitFor();
    expect(await section.refusal().textContent()).toContain(
      'O arquivo não é um relatório do MetaTrader 5.',
    );
  });
});
