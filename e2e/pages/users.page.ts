import type { Locator, Page } from 'playwright-core';

/** The admin's /users screen, found by its pt-BR texts. */
export class UsersPage {
  constructor(private readonly page: Page) {}

  async open(webUrl: string): Promise<void> {
    await this.page.goto(`${webUrl}/users`);
    await this.page.getByRole('tab', { name: /Pendentes/ }).waitFor();
  }

  /** The pending tab's row that shows this email. */
  pendingRow(email: string): Locator {
    return this.page.getByRole('row').filter({ hasText: email });
  }

  async approve(email: string): Promise<void> {
    await this.pendingRow(email).getByRole('button', { name: 'Aprovar' }).click();
    await this.page.getByText('Conta aprovada com sucesso!').waitFor();
  }
}
