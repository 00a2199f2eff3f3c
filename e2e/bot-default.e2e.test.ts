import {
  addDays,
  botControlMessages,
  DEFAULT_BOT_CONFIG,
  isB3SessionDay,
  magicOf,
  nextB3SessionDay,
  STRATEGY_KEYS,
  currentWinSymbol,
} from '@vortex/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotCardPage } from './pages/bot-card.page.js';
import { LoginPage } from './pages/login.page.js';
import { waitForValue } from '../apps/server/test/wait.js';
import { apiAs } from './support/api.js';
import { launchBrowser, newSystemContext } from './support/browser.js';
import { systemNow } from './support/clock.js';
import { removeDataDir, startSystem, type RunningSystem } from './support/system.js';

// issue 14: on a fresh demo system the default configuration ('série vigente', all seven
// strategies) trades the current series on the simulator at SIM_SPEED=60, from the card.
const DEMO = { email: 'demo.default@vortex.local', password: 'Demo@Default2026' };
const ZONE = 'America/Sao_Paulo';
const DEFAULT_MAGICS = new Set(STRATEGY_KEYS.map((k) => magicOf(k, DEFAULT_BOT_CONFIG)));
// At 60x a whole session (09:00–18:25) passes in under 9.5 minutes of wall time.
const SESSION_WAIT_MS = 570_000;
const HOUR = 3_600_000;

/**
 * Where the simulated market starts: now when São Paulo is inside a session with hours left
 * (the bot needs its bars to be later than its start), else 10:00 of the next B3 session day
 * (the simulator keeps B3's holidays), so the test trades within a session whatever the wall
 * clock says. São Paulo has kept UTC-3 since 2019.
 */
function sessionStart(now: number): number {
  const local = new Date(now - 3 * HOUR);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const today = local.toISOString().slice(0, 10);
  if (isB3SessionDay(today) && minute >= 9 * 60 + 5 && minute <= 15 * 60) return now;
  return Date.parse(`${nextB3SessionDay(addDays(today, 1))}T10:00:00-03:00`);
}

let system: RunningSystem | undefined;
let browser: Browser | undefined;
let page: Page;
let token = '';
const simStart = sessionStart(systemNow());
const series = currentWinSymbol(simStart);

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

/** The first opening deal of a default strategy, once the simulated terminal has filled one. */
async function firstBotEntry(): Promise<Deal | undefined> {
  const query = new URLSearchParams({
    start: new Date(simStart - HOUR).toISOString(),
    end: '2100-01-01',
    limit: '6000',
  });
  const { data } = await api<{ data: { deals: Deal[] } }>(`/dashboard/deals?${query.toString()}`);
  return data.deals.find((d) => d.entry === 0 && DEFAULT_MAGICS.has(d.magic));
}

beforeAll(async () => {
  system = await startSystem({
    env: {
      DEMO: '1',
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      SIM_SPEED: '60',
      SIM_HISTORY_DAYS: '2',
      // Read by the demo's simulated terminal, which inherits the server's environment.
      SIM_START: new Date(simStart).toISOString(),
    },
  });
  const login = await fetch(`${system.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  token = ((await login.json()) as { token: string }).token;
  browser = await launchBrowser();
  const context = await newSystemContext(browser, { timezoneId: ZONE });
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

describe('the default configuration on a fresh demo', () => {
  const card = () => new BotCardPage(page);

  it("is 'série vigente' and nothing was saved", async () => {
    const { config } = await api<{ config: { general: { symbol: string } } }>('/bot/config');
    expect(config.general.symbol).toBe('WIN$');
  });

  it(
    "'Iniciar bot' trades the current series: a default strategy opens a position",
    async () => {
      await page.goto(`${sys().webUrl}/login`);
      await new LoginPage(page).login(DEMO.email, DEMO.password);
      await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
      await card().badge('MT5 conectado').waitFor({ timeout: 120_000 });
      await card().press('Iniciar bot', botControlMessages.started);
      await card().badge('Bot ativo').waitFor({ timeout: 30_000 });
      const status = await api<{ status: { bot_active: boolean; blocked: string | null } }>(
        '/bot/status',
      );
      expect(status.status).toMatchObject({ bot_active: true, blocked: null });
      const entry = await waitForValue(firstBotEntry, 'uma entrada de uma estratégia padrão', {
        timeoutMs: SESSION_WAIT_MS,
        intervalMs: 500,
      });
      expect(entry.symbol).toBe(series);
      expect(DEFAULT_MAGICS.has(entry.magic)).toBe(true);
    },
    SESSION_WAIT_MS + 240_000,
  );
});
