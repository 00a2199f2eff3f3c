import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { LoginPage } from './pages/login.page.js';
import { E2E_NOW, launchBrowser, newPinnedContext } from './support/browser.js';
import { systemClockOffset, systemNow } from './support/clock.js';

let browser: Browser;
let page: Page;
const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  const context = await newPinnedContext(browser);
  page = await context.newPage();
});

describe('smoke journey', () => {
  it('runs the page on the pinned clock, not on the machine’s date', async () => {
    await page.goto(webUrl);
    await new LoginPage(page).waitUntilShown();
    const now = await page.evaluate(() => ({
      ms: Date.now(),
      constructed: new Date().getTime(),
      local: new Date().toLocaleString('sv-SE'),
    }));
    // Started at E2E_NOW (where the system is pinned too, at its now: E2E_NOW and the run so
    // far) and running since: within the hour this tier can take.
    for (const ms of [now.ms, now.constructed]) {
      expect(ms).toBeGreaterThanOrEqual(E2E_NOW);
      expect(ms).toBeLessThan(E2E_NOW + 60 * 60_000);
    }
    expect(now.local.slice(0, 10)).toBe('2026-03-11');
  });

  it('runs the server on the clock the tests compare its data with', async () => {
    // Pinned at E2E_NOW with its PostgreSQL where the machine has libfaketime; the machine's
    // clock otherwise. Either way systemNow() is the server's now (HTTP dates are whole seconds).
    const res = await fetch(`${apiUrl}/health`);
    const served = Date.parse(res.headers.get('date') ?? '');
    expect(Math.abs(served - systemNow())).toBeLessThan(60_000);
    if (systemClockOffset() !== 0) {
      expect(new Date(served).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })).toBe(
        '2026-03-11',
      );
    }
  });

  it('opens on the pt-BR login page', async () => {
    await page.goto(webUrl);
    const login = new LoginPage(page);
    await login.waitUntilShown();
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    expect(await login.passwordField().isVisible()).toBe(true);
    expect(await login.submitButton().isVisible()).toBe(true);
  });

  it('sends a logged-out visit to /dashboard to /login', async () => {
    await page.goto(`${webUrl}/dashboard`);
    await new LoginPage(page).waitUntilShown();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends an unknown path to /login when logged out', async () => {
    await page.goto(`${webUrl}/caminho/que/nao/existe`);
    await new LoginPage(page).waitUntilShown();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('reaches the API from the web app without CORS or CSP errors', async () => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${webUrl}/login`);
    const status = await page.evaluate(async () => {
      const cfg = (window as unknown as { __VORTEX_CONFIG__?: { apiUrl: string } })
        .__VORTEX_CONFIG__;
      const res = await fetch(`${cfg?.apiUrl ?? ''}/health`);
      return res.status;
    });
    expect(status).toBe(200);
    expect(errors.filter((e) => /CORS|Content Security Policy/i.test(e))).toEqual([]);
  });
});
