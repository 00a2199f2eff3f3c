import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, with the flags this closed network needs (no background fetches). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The e2e tier's "now" in the browser: Wednesday 2026-03-11, 13:00 in São Paulo, a B3 session
 * (no holiday, market open), whatever day the run happens on.
 */
export const E2E_NOW = Date.parse('2026-03-11T13:00:00-03:00');

/**
 * A pt-BR, São Paulo browser context whose clock starts at E2E_NOW and then runs, so the app's
 * timers (polls, countdowns, reconnects) still fire.
 */
export async function newPinnedContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...options,
  });
  await context.clock.install({ time: E2E_NOW });
  return context;
}
