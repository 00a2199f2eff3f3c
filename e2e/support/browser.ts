import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';
import { E2E_NOW, systemClockOffset, systemNow } from './clock.js';

export { E2E_NOW };

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
 * A pt-BR, São Paulo browser context whose clock starts at E2E_NOW and then runs, so the app's
 * timers (polls, countdowns, reconnects) still fire. Where the system's clock is pinned too
 * (libfaketime), it starts at the system's now, E2E_NOW plus the run's time so far, so the page
 * and the server agree to the second.
 */
export async function newPinnedContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  await context.clock.install({ time: systemClockOffset() === 0 ? E2E_NOW : systemNow() });
  return context;
}

/**
 * A context on the system's clock: pinned with it where it is pinned, the machine's otherwise;
 * for journeys that read the live system's own data by date and hour.
 */
export async function newSystemContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  if (systemClockOffset() !== 0) await context.clock.install({ time: systemNow() });
  return context;
}

function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  return browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...options });
}
