import type { Page } from 'playwright-core';
import { E2E_ADMIN } from '../global-setup.js';
import { LoginPage } from '../pages/login.page.js';
import { RegisterPage, type NewAccount } from '../pages/register.page.js';
import { UsersPage } from '../pages/users.page.js';

/**
 * A REAL account registered on the trader's page and approved on the admin's, as two people do:
 * the journeys that start from a brand-new trader (pairing, the phone) begin here.
 */
export async function registerApprovedTrader(
  traderPage: Page,
  adminPage: Page,
  webUrl: string,
  trader: NewAccount,
): Promise<void> {
  await traderPage.goto(`${webUrl}/login`);
  await traderPage.getByRole('button', { name: /Conta REAL/ }).click();
  const register = new RegisterPage(traderPage);
  await register.fill(trader);
  await register.submit();
  await register.waitForCreated();

  await adminPage.goto(`${webUrl}/login`);
  await new LoginPage(adminPage).login(E2E_ADMIN.email, E2E_ADMIN.password);
  await adminPage.waitForURL(/\/dashboard$/);
  const users = new UsersPage(adminPage);
  await users.open(webUrl);
  await users.approve(trader.email);
}
