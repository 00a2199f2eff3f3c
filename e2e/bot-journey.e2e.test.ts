import { botControlMessages, MAGIC_BASE, STRATEGY_KEYS, type BotConfig } from '@vortex/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotCardPage } from './pages/bot-card.page.js';
import { LoginPage } from './pages/login.page.js';
import { waitForValue } from '../apps/server/test/wait.js';
import { apiAs } from './support/api.js';
import { launchBrowser, newSystemContext } from './support/browser.js';
import { systemNow } from './support/clock.js';
import { removeDataDir, startSystem, type RunningSystem } from './support/system.js';

// issue 6: the demo trader starts the bot from the dashboard card, it trades the simulated
// market with its strategies' magics, and once stopped it sends no new entries.
const DEMO = { email: 'demo.bot@vortex.local', password: 'Demo@Bot2026' };
// 20 simulated minutes a second: M1 bars come 20 a second, a closed night passes in ~30 s.
const SIM_SPEED = '1200';
const ZONE = 'America/Sao_Paulo';
const BB_OFFSET = 6100;
const RSI_OFFSET = 6200;
const BOT_MAGICS = [MAGIC_BASE + BB_OFFSET, MAGIC_BASE + RSI_OFFSET];
// The simulated market may be closed for a weekend, up to ~190 s at this speed, or for one with
// B3 holidays beside it (Carnaval, Christmas: Friday 18:25 to Wednesday 09:00), up to ~332 s.
const MARKET_WAIT_MS = 360_000;

let system: RunningSystem | undefined;
let browser: Browser | undefined;
let page: Page;
let token = '';
let symbol = '';
const startedAt = new Date(systemNow() - 60_000).toISOString();

const sys = (): RunningSystem => {
  if (!system) throw new Error('o sistema não iniciou');
  return system;
};

const api = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  apiAs<T>(sys().apiUrl, token, path, init);

interface Deal {
  ticket: number;
  magic: number;
  entry: number;
  symbol: string;
}
interface DealsAnswer {
  data: { deals: Deal[] };
}
/** The opening deals carrying the bot's magics since the test began (simulated time runs ahead). */
async function botEntries(): Promise<Deal[]> {
  const entries: Deal[] = [];
  for (const magic of BOT_MAGICS) {
    const query = new URLSearchParams({
      start: startedAt,
      end: '2100-01-01',
      magic: String(magic),
      limit: '6000',
    });
    const { data } = await api<DealsAnswer>(`/dashboard/deals?${query.toString()}`);
    entries.push(...data.deals.filter((d) => d.entry === 0));
  }
  return entries;
}

/** The newest stored M1 bar of the symbol (epoch s): the simulated clock as the server sees it. */
async function lastBarTime(): Promise<number> {
  const query = new URLSearchParams({ symbol, timeframe: 'M1', limit: '1' });
  const { bars } = await api<{ bars: { time: number }[] }>(`/api/market/bars?${query.toString()}`);
  return bars.at(-1)?.time ?? 0;
}

/** Waits until `minutes` more M1 bars of simulated market have been stored. */
async function marketMinutesPass(minutes: number): Promise<void> {
  const from = await lastBarTime();
  await waitForValue(
    async () => ((await lastBarTime()) >= from + minutes * 60 ? true : undefined),
    `${minutes} minutos de mercado simulado`,
    { timeoutMs: MARKET_WAIT_MS, intervalMs: 500 },
  );
}

beforeAll(async () => {
  system = await startSystem({
    env: {
      DEMO: '1',
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      SIM_SPEED,
      SIM_HISTORY_DAYS: '2',
    },
  });
  const login = await fetch(`${system.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  token = ((await login.json()) as { token: string }).token;
  // The simulated contract (WINZ26, ...) as the backfilled history names it.
  symbol = await waitForValue(
    async () => (await api<DealsAnswer>('/dashboard/deals?days=30&limit=1')).data.deals[0]?.symbol,
    'o histórico simulado',
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  // Two strategies that signal often on random-walk bars, each with its own magic.
  const { config } = await api<{ config: BotConfig }>('/bot/config');
  for (const key of STRATEGY_KEYS) config[key].enabled = false;
  config.general = { ...config.general, symbol, timeframe: 'M1', max_daily_trades: 100 };
  config.bollinger_bands = {
    ...config.bollinger_bands,
    enabled: true,
    magic_offset: BB_OFFSET,
    period: 10,
    std_dev: 1,
    touch_threshold: 0.3,
  };
  config.rsi_contrary = {
    ...config.rsi_contrary,
    enabled: true,
    magic_offset: RSI_OFFSET,
    rsi_period: 5,
    oversold: 45,
    overbought: 55,
  };
  await api('/bot/config', { method: 'POST', body: config });

  browser = await launchBrowser();
  const context = await newSystemContext(browser, { timezoneId: ZONE });
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

describe('bot journey', () => {
  const card = () => new BotCardPage(page);

  it('logs in and the card shows a stopped bot with MT5 connected', async () => {
    await page.goto(`${sys().webUrl}/login`);
    await new LoginPage(page).login(DEMO.email, DEMO.password);
    await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
    await card().card().waitFor({ timeout: 30_000 });
    await card().badge('Bot parado').waitFor({ timeout: 30_000 });
    await card().badge('MT5 conectado').waitFor({ timeout: 60_000 });
    expect(await botEntries()).toEqual([]);
  });

  it(
    "starts from the card and the strategies' entries reach the simulated terminal",
    async () => {
      await card().press('Iniciar bot', botControlMessages.started);
      await card().badge('Bot ativo').waitFor({ timeout: 30_000 });
      const magics = await waitForValue(
        async () => {
          const seen = new Set((await botEntries()).map((d) => d.magic));
          return seen.size === BOT_MAGICS.length ? [...seen].sort() : undefined;
        },
        'entradas das duas estratégias',
        { timeoutMs: MARKET_WAIT_MS, intervalMs: 500 },
      );
      expect(magics).toEqual(BOT_MAGICS);
    },
    MARKET_WAIT_MS + 60_000,
  );

  it(
    'stops from the card and no new entry is sent afterwards',
    async () => {
      await card().press('Parar bot', botControlMessages.stopped);
      await card().badge('Bot parado').waitFor({ timeout: 30_000 });
      // An order already on its way when the stop arrived may still land: let it settle.
      await marketMinutesPass(30);
      const before = (await botEntries()).map((d) => d.ticket);
      await marketMinutesPass(120);
      const after = (await botEntries()).map((d) => d.ticket);
      expect(after).toEqual(before);
      expect(
        (await api<{ status: { bot_active: boolean } }>('/bot/status')).status.bot_active,
      ).toBe(false);
    },
    2 * MARKET_WAIT_MS + 60_000,
  );
});
