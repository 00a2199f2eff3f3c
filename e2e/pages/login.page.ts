import type { Page } from 'playwright-core';

/** The login screen, found by its pt-BR texts. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  userField() {
    return this.page.getByLabel('Usuário ou email');
  }

  passwordField() {
    return this.page.getByLabel('Senha', { exact: true });
  }

  submitButton() {
    return this.page.getByRole('button', { name: 'Entrar' });
  }

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL(/\/login$/);
    await this.userField().waitFor();
  }
}
