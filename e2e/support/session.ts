import type { Page } from 'playwright-core';

/** Logs out through the sidebar's 'Sair', as a person would. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await page.waitForURL(/\/login$/);
}
