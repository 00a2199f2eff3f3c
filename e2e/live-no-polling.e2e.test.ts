import { BRIDGE_LIFECYCLE_EVENTS, STRATEGY_KEYS, type BotConfig } from '@vortex/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotCardPage } from './pages/bot-card.page.js';
import { LoginPage } from './pages/login.page.js';
import { apiAs } from './support/api.js';
import { launchBrowser, newPinnedContext } from './support/browser.js';
import { systemNow } from './support/clock.js';
import { LiveTraffic, unexplainedRequests, type TrafficEntry } from './support/live-traffic.js';
import { removeDataDir, startSystem, type RunningSystem } from './support/system.js';

// issue 15: an open dashboard whose live channel is up asks nothing on a timer of what the
// channel delivers; with the channel gone, its polls come back.
const DEMO = { email: 'demo.live@vortex.local', password: 'Demo@Live2026' };
// The fastest poll the dashboard had (the bot status, every 5 s).
const BOT_STATUS_POLL_MS = 5_000;

// What the dashboard reads, and the events that make it read each one again.
const LIFECYCLE = [...BRIDGE_LIFECYCLE_EVENTS];
const TRIGGERS: Record<string, readonly string[]> = {
  '/bot/status': ['bot_status', 'deals_added', 'bridge_status', 'bot_risk_stop'],
  '/api/mt5/status': ['bridge_status', ...LIFECYCLE],
  '/bridge/my-bridges': ['bridge_status', ...LIFECYCLE],
  '/dashboard/overview': ['deals_added'],
  '/dashboard/realtime': ['deals_added', 'bridge_status'],
  '/dashboard/positions': ['deals_added', 'bridge_status'],
  '/bridge/trades': ['deals_added'],
  '/api/market/bars': ['bars_added', 'deals_added'],
};

let system: RunningSystem | undefined;
let browser: Browser | undefined;
let page: Page;
let traffic: LiveTraffic;
let token = '';

const sys = (): RunningSystem => {
  if (!system) throw new Error('o sistema não iniciou');
  return system;
};
const frame = (type: string) => (e: TrafficEntry) => e.kind === 'frame' && e.type === type;
const card = () => new BotCardPage(page);
const request = (path: string) => (e: TrafficEntry) => e.kind === 'request' && e.path === path;

beforeAll(async () => {
  system = await startSystem({
    env: {
      DEMO: '1',
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      SIM_HISTORY_DAYS: '2',
    },
  });
  const login = await fetch(`${system.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  token = ((await login.json()) as { token: string }).token;
  // One strategy on, so that the bot can be started: its status then changes.
  const { config } = await apiAs<{ config: BotConfig }>(system.apiUrl, token, '/bot/config');
  for (const key of STRATEGY_KEYS) config[key].enabled = false;
  config.bollinger_bands.enabled = true;
  await apiAs(system.apiUrl, token, '/bot/config', { method: 'POST', body: config });
  browser = await launchBrowser();
  const context = await newPinnedContext(browser, { locale: 'pt-BR' });
  // The demo trader is paired already: no onboarding overlay over the dashboard.
  await context.addInitScript(() => {
    localStorage.setItem('onboarding_completed_full', 'true');
  });
  page = await context.newPage();
  // The page's timers run on a clock the test moves: the polls' periods pass without waiting.
  // It starts at the system's now, so the chart asks for the bars the server has.
  await page.clock.install({ time: systemNow() });
  traffic = await LiveTraffic.attach(page, system.apiUrl);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (!system) return;
  await system.stop();
  await removeDataDir(system.dataDir);
});

describe('dashboard beside its live channel', () => {
  it('makes no periodic request for what the channel delivers while it is up', async () => {
    await page.goto(`${sys().webUrl}/login`);
    await new LoginPage(page).login(DEMO.email, DEMO.password);
    await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
    await card().badge('Bot parado').waitFor({ timeout: 30_000 });
    await traffic.waitFor('o canal ao vivo aberto', frame('ws_connected'), 0);
    // The screen's first reads are done (the candles drawn, so no history is awaited); from
    // here on only events may cause any.
    await page.locator('canvas').first().waitFor({ timeout: 60_000 });
    const start = traffic.mark();

    // Six periods of the fastest poll the dashboard had, on the page's clock.
    await page.clock.runFor(6 * BOT_STATUS_POLL_MS);
    // The window closes on an event (the bot started by another client) and the read it causes.
    await apiAs(sys().apiUrl, token, '/api/bot/start', { method: 'POST' });
    const event = await traffic.waitFor('o evento bot_status', frame('bot_status'), start);
    const reread = await traffic.waitFor('a releitura', request('/bot/status'), event);
    const window = traffic.entries.slice(start, reread + 1);

    expect(window.filter(frame('ws_connected'))).toEqual([]);
    expect(unexplainedRequests(window, TRIGGERS)).toEqual([]);
    await card().badge('Bot ativo').waitFor({ timeout: 30_000 });
    await apiAs(sys().apiUrl, token, '/api/bot/stop', { method: 'POST' });
    await card().badge('Bot parado').waitFor({ timeout: 30_000 });
  }, 120_000);

  it('polls again while the channel is down, and stops once it is back', async () => {
    await traffic.block();
    // From here the channel is down: a frame it had on the way before is not counted.
    const from = traffic.mark();
    await card().badge('Bot parado').waitFor();
    await page.clock.runFor(3 * BOT_STATUS_POLL_MS);
    // Two reads of the bot status with no event to cause them: the timer is back.
    const first = await traffic.waitFor('o primeiro poll', request('/bot/status'), from, 30_000);
    await traffic.waitFor('o segundo poll', request('/bot/status'), first + 1, 30_000);
    expect(traffic.since(from).filter((e) => e.kind === 'frame')).toEqual([]);

    traffic.unblock();
    // The jittered backoff is at most 15 s of page time.
    await page.clock.runFor(20_000);
    await traffic.waitFor('o canal reaberto', frame('ws_connected'), from, 60_000);
  }, 120_000);
});
