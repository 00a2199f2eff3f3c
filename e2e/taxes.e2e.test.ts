import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import {
  buildStatement,
  encodeUtf16le,
  renderStatementHtml,
  taxMonthLabel,
  type StatementDeal,
} from '@vortex/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './global-setup.js';
import { LoginPage } from './pages/login.page.js';
import { TaxesPage } from './pages/taxes.page.js';
import { apiAs } from './support/api.js';
import { E2E_NOW, launchBrowser, newPinnedContext } from './support/browser.js';
import { PHONE_VIEWPORT, setTheme, type Theme } from './support/screens.js';
import { systemNow } from './support/clock.js';
import { repoRoot } from './support/system.js';

// issue 17: a trader with B3 trades two months ago opens /impostos, marks that month's DARF
// paid, downloads the year's CSV and opens the printable summary.
const apiUrl = inject('apiUrl');
const webUrl = inject('webUrl');
const stamp = Date.now().toString(36);
const trader = { email: `impostos.${stamp}@exemplo.com.br`, password: 'Impostos@2026' };
const SHOTS = path.join(repoRoot, '.test-results', 'taxes');
const ZONE = 'America/Sao_Paulo';

/** 'YYYY-MM' of the month before last in São Paulo: over, so its DARF is due. */
function monthBeforeLast(now = Date.now()): string {
  const [y = 0, m = 0] = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  const index = y * 12 + (m - 1) - 2;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

// Before the browser's pinned now, as the screen counts months.
const MONTH = monthBeforeLast(E2E_NOW);
const YEAR = Number(MONTH.slice(0, 4));
const at = (day: string, time: string) => Date.parse(`${MONTH}-${day}T${time}:00-03:00`);

/**
 * A BRL account's Trade History in the terminal's layout: three profitable WIN day trades on
 * the 8th–10th and one position held from the 8th to the 10th (an operação comum).
 */
async function statementFile(): Promise<string> {
  const deals: StatementDeal[] = [];
  const trade = (id: number, open: number, close: number, profit: number) => {
    const base = { symbol: 'WINZ26', volume: 1, commission: -0.5, swap: 0, magic: 0 };
    const common = { ...base, reason: 0, comment: '', position_id: id };
    deals.push(
      {
        ...common,
        ticket: id,
        order: id,
        type: 0,
        entry: 0,
        price: 125_000,
        profit: 0,
        time_msc: open,
      },
      {
        ...common,
        ticket: id + 1,
        order: id + 1,
        type: 1,
        entry: 1,
        price: 126_000,
        profit,
        time_msc: close,
      },
    );
  };
  trade(7000, at('08', '10:00'), at('08', '10:40'), 600);
  trade(7002, at('08', '15:00'), at('10', '11:00'), 300);
  trade(7004, at('09', '10:05'), at('09', '11:15'), 650);
  trade(7006, at('10', '10:10'), at('10', '10:55'), 700);
  const model = buildStatement({
    ownerName: 'Helena Impostos',
    account: {
      number: 77_654_321,
      currency: 'BRL',
      server: 'XPMT5-PRD',
      company: 'XP Investimentos',
      tradeMode: 'real',
      marginMode: 'netting',
    },
    figures: null,
    from: at('01', '00:00'),
    to: at('28', '23:00'),
    generatedAt: systemNow(),
    startBalance: 20_000,
    deals: deals.sort((a, b) => a.time_msc - b.time_msc),
    openPositions: [],
    workingOrders: [],
    reportType: 'full',
    language: 'pt-BR',
  });
  await mkdir(SHOTS, { recursive: true });
  const file = path.join(SHOTS, 'ReportHistory-77654321.html');
  await writeFile(file, Buffer.from(encodeUtf16le(renderStatementHtml(model))));
  return file;
}

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** POST /auth/register from a loopback address of its own: registrations are limited per address. */
function register(): Promise<void> {
  const form = JSON.stringify({
    full_name: 'Helena Impostos',
    email: trader.email,
    phone: '+55 11 96666-1717',
    date_of_birth: '1985-06-30',
    password: trader.password,
    account_type: 'REAL',
    uses_mt5: true,
    broker: 'XP Investimentos',
  });
  return new Promise((resolve, reject) => {
    const req = request(
      `${apiUrl}/auth/register`,
      {
        method: 'POST',
        localAddress: '127.0.0.10',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          res.statusCode === 201
            ? resolve()
            : reject(new Error(`register: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(form);
  });
}

/** An approved REAL trader whose imported BRL account holds the month's trades. */
async function traderWithTrades(): Promise<void> {
  await register();
  const admin = await login(E2E_ADMIN.email, E2E_ADMIN.password);
  const { users } = await apiAs<{ users: { id: number; email: string }[] }>(
    apiUrl,
    admin,
    '/users',
  );
  const id = users.find((u) => u.email === trader.email)?.id;
  await apiAs(apiUrl, admin, `/users/${id}/approve`, { method: 'PUT', body: {} });
  const token = await login(trader.email, trader.password);
  const res = await fetch(`${apiUrl}/api/reports/import?import_id=${randomUUID()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: await readFile(await statementFile()),
  });
  if (!res.ok) throw new Error(`import: HTTP ${res.status} ${await res.text()}`);
}

let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;

async function signedIn(viewport: { width: number; height: number }, phone = false): Promise<Page> {
  const context = await newPinnedContext(browser, {
    locale: 'pt-BR',
    timezoneId: ZONE,
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  contexts.push(context);
  const p = await context.newPage();
  await p.goto(`${webUrl}/login`);
  await new LoginPage(p).login(trader.email, trader.password);
  await p.waitForURL(/\/dashboard$/);
  return p;
}

/** A full-page PNG of the screen as it stands, in a theme; how far it is wider than the window. */
async function shot(
  p: Page,
  name: string,
  theme: Theme,
  prepare: () => Promise<void> = async () => undefined,
): Promise<number> {
  await setTheme(p, theme);
  await p.reload();
  await p.getByRole('heading', { level: 1 }).first().waitFor();
  await prepare();
  await p.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await mkdir(SHOTS, { recursive: true });
  await p.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), fullPage: true });
  return p.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

beforeAll(async () => {
  await traderWithTrades();
  browser = await launchBrowser();
  page = await signedIn({ width: 1440, height: 900 });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('income tax on B3 futures', () => {
  const label = taxMonthLabel(MONTH);
  const taxes = () => new TaxesPage(page);
  const firstDay = `08/${MONTH.slice(5)}/${YEAR}`;

  it('opens /impostos from the menu: the note, the months, the month’s operations by day', async () => {
    await taxes().openFromMenu();
    expect(await taxes().note().textContent()).toContain('não substitui um contador');
    await taxes().chooseYear(YEAR);
    const row = taxes().month(label);
    await row.waitFor();
    expect(await row.textContent()).toMatch(/A pagar|Vencido/);
    await taxes().openOperations(label);
    // The 8th closed one day trade; the 10th a day trade and the position held since the 8th.
    const first = taxes().day(firstDay);
    await first.waitFor();
    expect(await first.getByRole('row').count()).toBe(2);
    const third = taxes().day(`10/${MONTH.slice(5)}/${YEAR}`);
    expect(await third.getByRole('cell', { name: 'Comum', exact: true }).count()).toBe(1);
    expect(await third.getByRole('cell', { name: 'Day trade', exact: true }).count()).toBe(1);
  });

  it('marks the DARF paid and sees it paid', async () => {
    await taxes().markPaid(label);
    const row = taxes().month(label);
    expect(await row.getByText(/^Pago em \d{2}\/\d{2}\/\d{4}$/).count()).toBe(1);
    await row.getByRole('button', { name: 'Desmarcar pagamento' }).waitFor();
    // The mark is the server's: a reload still shows it.
    await page.reload();
    await taxes().month(label).getByText('Pago', { exact: true }).waitFor();
  });

  it('downloads the annual CSV with a header and the month’s line', async () => {
    const download = await taxes().downloadCsv();
    expect(download.suggestedFilename()).toBe(`imposto-de-renda-${YEAR}.csv`);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header = '', ...lines] = text.split('\r\n');
    expect(header.startsWith('Mês,Operações comuns: Resultado líquido do mês,')).toBe(true);
    expect(header).toContain('DARF (código 6015)');
    const line = lines.find((l) => l.startsWith(`${MONTH},`));
    expect(line).toBeDefined();
    // The month's day trade made money: its result column is positive.
    const dayTradeResult = Number(line?.split(',')[7]);
    expect(dayTradeResult).toBeGreaterThan(0);
  });

  it('opens the printable summary with the IRPF tables', async () => {
    await taxes().openPrintable();
    for (const title of ['Operações comuns', 'Day trade', 'Consolidação mensal'])
      await taxes()
        .printableTable(title)
        .getByRole('row', { name: new RegExp(label) })
        .waitFor();
    await page.getByRole('button', { name: 'Imprimir' }).waitFor();
    await shot(page, 'printable', 'light');
    // As it goes to paper (A4 landscape, 96 dpi): no menu, no buttons, the tables across.
    await page.setViewportSize({ width: 1047, height: 740 });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: path.join(SHOTS, 'printable-print.png'), fullPage: true });
    expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('looks right in light and dark, and at phone width without sideways scrolling', async () => {
    const opened = (p: Page) => async () => {
      const screen = new TaxesPage(p);
      await screen.openOperations(label);
      await screen.day(firstDay).waitFor();
    };
    await page.goto(`${webUrl}/impostos?ano=${YEAR}`);
    expect(await shot(page, 'desktop', 'light', opened(page))).toBe(0);
    expect(await shot(page, 'desktop', 'dark', opened(page))).toBe(0);
    const phone = await signedIn(PHONE_VIEWPORT, true);
    await phone.goto(`${webUrl}/impostos?ano=${YEAR}`);
    expect(await shot(phone, 'phone', 'light')).toBe(0);
    expect(await shot(phone, 'phone-open', 'dark', opened(phone))).toBe(0);
    // The opened month at the phone's own size, where the full page is too tall to read.
    await new TaxesPage(phone).month(label).scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SHOTS, 'phone-month-dark.png') });
    await phone.goto(`${webUrl}/impostos/anual/${YEAR}`);
    expect(await shot(phone, 'phone-printable', 'light')).toBe(0);
  });
});
