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
    return this.page.getByRole('button', { name: 'Entrar', exact: true });
  }

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL(/\/login$/);
    await this.userField().waitFor();
  }

  async login(user: string, password: string): Promise<void> {
    await this.userField().fill(user);
    await this.passwordField().fill(password);
    await this.submitButton().click();
  }
}
