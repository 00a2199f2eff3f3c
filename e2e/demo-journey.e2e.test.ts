import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForValue } from '../apps/server/test/wait.js';
import { LoginPage } from './pages/login.page.js';
import { ReportsPage, StatementTab } from './pages/reports.page.js';
import { TradesPage } from './pages/trades.page.js';
import { launchBrowser, newSystemContext } from './support/browser.js';
import { systemNow } from './support/clock.js';
import { removeDataDir, startSystem, type RunningSystem } from './support/system.js';

// issue 5: the trader's screens against the demo account and its simulated history.
const DEMO = { email: 'demo.journey@vortex.local', password: 'Demo@Journey2026' };
const HISTORY_DAYS = '90';
const ZONE = 'America/Sao_Paulo';

let system: RunningSystem | undefined;
let browser: Browser | undefined;
let page: Page;

function webUrl(): string {
  if (!system) throw new Error('o sistema não iniciou');
  return system.webUrl;
}

/** Polls the demo trader's deals until the backfill has stored some and stopped growing. */
async function waitForBackfill(apiUrl: string, timeoutMs = 180_000): Promise<number> {
  const login = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const { token } = (await login.json()) as { token: string };
  let last = -1;
  let stable = 0;
  return waitForValue(
    async () => {
      const res = await fetch(`${apiUrl}/bridge/trades`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const total = res.ok ? ((await res.json()) as { total: number }).total : 0;
      // Three equal reads two seconds apart: the backfill stores its deals in batches.
      stable = total > 0 && total === last ? stable + 1 : 0;
      last = total;
      return stable === 2 && total;
    },
    () => `o histórico simulado não ficou pronto (último total ${last})`,
    { timeoutMs, intervalMs: 2_000 },
  );
}

/** The exported file's header and records (RFC 4180, CRLF ends), without its BOM. */
function csvRecords(text: string): { header: string[]; rows: string[][] } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body.charAt(i);
    const next = body.charAt(i + 1);
    if (quoted && ch === '"' && next === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && next === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  const [header = [], ...rows] = records;
  return { header, rows };
}

/** The table says Compra/Venda, as every screen; the CSV keeps MT5's machine words. */
const SIDE: Record<string, string> = { BUY: 'Compra', SELL: 'Venda' };

/** A CSV row as the table prints it: date, symbol, type, volume, duration, net, magic. */
function csvAsShown(header: string[], row: string[]): string[] {
  const get = (name: string) => row[header.indexOf(name)] ?? '';
  const [date = '', time = ''] = get('close_time').split(' ');
  const [y, m, d] = date.split('-');
  return [
    `${d}/${m}/${y} ${time.slice(0, 5)}`,
    get('symbol'),
    SIDE[get('type')] ?? get('type'),
    Number(get('volume')).toLocaleString('pt-BR', { minimumFractionDigits: 2 }),
    get('duration'),
    Number(get('net_profit')).toFixed(2),
    get('magic'),
  ];
}

/** The same fields from a table row; the net is read back from 'R$ -1.234,56'. */
function tableAsShown(cells: string[]): string[] {
  const [date = '', symbol = '', type = '', volume = '', , , duration = '', net = '', magic = ''] =
    cells;
  const negative = /[-−]/.test(net);
  const amount = Number(net.replace(/[^\d,]/g, '').replace(',', '.'));
  return [date, symbol, type, volume, duration, (negative ? -amount : amount).toFixed(2), magic];
}

beforeAll(async () => {
  const started = Date.now();
  system = await startSystem({
    env: {
      DEMO: '1',
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      SIM_HISTORY_DAYS: HISTORY_DAYS,
    },
  });
  const deals = await waitForBackfill(system.apiUrl);
  console.info(`demo: ${deals} trades de ${HISTORY_DAYS} dias em ${Date.now() - started} ms`);
  browser = await launchBrowser();
  const context = await newSystemContext(browser, {
    timezoneId: ZONE,
    acceptDownloads: true,
  });
  // The onboarding overlay would cover /dashboard; the demo trader is already paired.
  await context.addInitScript(() => {
    localStorage.setItem('onboarding_completed_full', 'true');
  });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (!system) return;
  await system.stop();
  await removeDataDir(system.dataDir);
});

describe('demo trader journey', () => {
  it('logs in and the dashboard shows the cards, a chart and the last closed trades', async () => {
    await page.goto(`${webUrl()}/login`);
    await new LoginPage(page).login(DEMO.email, DEMO.password);
    await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });

    const lastClosed = page.getByRole('region', { name: 'Últimas 5 operações fechadas' });
    await lastClosed.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    expect(await lastClosed.getByRole('listitem').count()).toBe(5);
    // Each position once: the simulator's reversals split one id into two round trips.
    const ids = (await lastClosed.getByRole('listitem').allTextContents()).map(
      (text) => /#(\d+)/.exec(text)?.[1],
    );
    expect(new Set(ids).size).toBe(5);
    const balance = page.getByRole('group', { name: /^Saldo/ }).getByTestId('stat-value');
    expect(await balance.textContent()).toMatch(/R\$\s*[\d.]+,\d{2}/);
    const equity = page.getByRole('figure', { name: 'Curva de capital' });
    await equity.locator('svg path').first().waitFor({ timeout: 30_000 });
    expect(await equity.getByText('Sem operações no período.').count()).toBe(0);
  });

  it('filters /trades and exports a CSV whose rows are the filtered table', async () => {
    const trades = new TradesPage(page);
    await trades.open(webUrl());
    const unfiltered = await trades.total();
    // Two closed weeks ending yesterday: the agent's live trades of today cannot change them.
    const day = (daysAgo: number) =>
      new Date(systemNow() - daysAgo * 86_400_000).toLocaleDateString('sv-SE', { timeZone: ZONE });
    const [from, to] = [day(15), day(1)];
    await trades.filterBetween(from, to);
    const filtered = await trades.total();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(unfiltered);

    const download = await trades.exportCsv();
    expect(download.suggestedFilename()).toMatch(
      /^trades_filtrados_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv$/,
    );
    // Stamped on São Paulo's clock: the name's date and hour are the local ones (or, across an
    // hour's turn, the previous hour).
    const stamp = /_(\d{4}-\d{2}-\d{2})_(\d{2})-/.exec(download.suggestedFilename());
    const localHour = (ms: number) =>
      new Date(ms).toLocaleString('sv-SE', { timeZone: ZONE }).slice(0, 13).replace(' ', '_');
    expect([localHour(systemNow()), localHour(systemNow() - 3_600_000)]).toContain(
      `${stamp?.[1]}_${stamp?.[2]}`,
    );
    const { header, rows } = csvRecords(await readFile(await download.path(), 'utf8'));
    expect(header[0]).toBe('position_id');
    expect(rows).toHaveLength(filtered);
    const closeTimes = rows.map((r) => r[header.indexOf('close_time')] ?? '');
    expect(closeTimes.every((t) => t >= from && t.slice(0, 10) <= to)).toBe(true);

    const shown = await trades.allRows();
    expect(shown).toHaveLength(filtered);
    expect(shown.map(tableAsShown)).toEqual(rows.map((r) => csvAsShown(header, r)));
  });

  it('/statistics shows the figures of the history', async () => {
    await page.goto(`${webUrl()}/statistics`);
    await page.getByRole('heading', { name: 'Estatísticas Reais MT5' }).waitFor();
    const total = page.locator('dt', { hasText: /^Total de trades$/ }).locator('xpath=../dd');
    await total.first().waitFor({ timeout: 60_000 });
    expect(Number((await total.first().textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
  });

  it('/reports shows the summary and opens the MT5 HTML statement in a new tab', async () => {
    const reports = new ReportsPage(page);
    await reports.open(webUrl());
    const total = page.getByTestId('summary-value').first();
    expect(Number((await total.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);

    const statement = await reports.openHtmlStatement();
    const html = new StatementTab(statement);
    expect(await html.title()).toBe('Relatório do Histórico de Negociação');
    expect(await html.headerLabels()).toEqual(['Nome', 'Conta', 'Corretora', 'Data']);
    expect(await html.sectionTitles()).toEqual([
      'Posições',
      'Ordens',
      'Transações',
      'Posições Abertas',
      'Ordens Pendentes',
      'Resultados',
    ]);
    expect(await html.figureLabels()).toEqual(
      expect.arrayContaining([
        'Saldo',
        'Capital Líquido',
        'Margem',
        'Margem Livre',
        'Lucro Bruto',
        'Perda Bruta',
        'Lucro Líquido Total',
        'Fator de Lucro',
        'Retorno Esperado (Payoff)',
        'Rebaixamento Máximo do Saldo',
        'Total de Negociações',
      ]),
    );
    // The deals of the period fill their table.
    expect(await html.rowCount('Transações')).toBeGreaterThan(0);
    await statement.close();
  });
});
