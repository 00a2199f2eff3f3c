import type { Page } from 'playwright-core';

/** /forgot-password and /reset-password, found by their pt-BR texts. */
export class RecoveryPage {
  constructor(private readonly page: Page) {}

  async requestLink(email: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  }

  async setNewPassword(password: string): Promise<void> {
    await this.page.getByLabel('Nova senha', { exact: true }).fill(password);
    await this.page.getByLabel('Confirmar nova senha', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Redefinir senha' }).click();
  }
}
