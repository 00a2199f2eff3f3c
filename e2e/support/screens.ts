import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './system.js';

/** Where the phone screenshots go (ignored by git: .test-results/). */
export const PHONE_SHOTS_DIR = path.join(repoRoot, '.test-results', 'phone');

export const PHONE_VIEWPORT = { width: 390, height: 844 };

export type Theme = 'light' | 'dark';

/** The app keeps its theme in localStorage ('theme'); a reload applies it before first paint. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

/** Opens a route, waits for its title and for its calls to settle, and saves a full-page PNG. */
export async function shoot(
  page: Page,
  url: string,
  title: string | RegExp,
  name: string,
): Promise<{ file: string; overflow: number }> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: title }).first().waitFor();
  // Screens fill in from several calls; a screenshot of half-loaded cards would be useless.
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await mkdir(PHONE_SHOTS_DIR, { recursive: true });
  const file = path.join(PHONE_SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  // How far the page is wider than the phone: sideways scrolling of the whole screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  return { file, overflow };
}
