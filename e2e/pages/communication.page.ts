import type { Locator, Page } from 'playwright-core';

/** The communication centre over /users, found by its pt-BR texts. */
export class CommunicationPage {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Central de Comunicação' });
  }

  async open(webUrl: string): Promise<void> {
    await this.page.goto(`${webUrl}/users`);
    await this.page.getByRole('button', { name: 'Central de Comunicação' }).click();
    await this.dialog.getByRole('tab', { name: 'Mensagens manuais' }).waitFor();
  }

  async tab(name: 'Mensagens manuais' | 'Teste de canais' | 'Templates' | 'WhatsApp') {
    await this.dialog.getByRole('tab', { name }).click();
  }

  /** Waits until the recipient list shows this user. */
  async waitForRecipient(username: string): Promise<void> {
    await this.dialog
      .getByRole('list', { name: 'Lista de usuários' })
      .getByText(username, { exact: true })
      .waitFor();
  }

  async composeEmail(subject: string, message: string): Promise<void> {
    await this.dialog.getByLabel('Tipo de mensagem').selectOption('email');
    await this.dialog.getByLabel('Assunto', { exact: true }).fill(subject);
    await this.dialog.getByLabel('Mensagem', { exact: true }).fill(message);
  }

  async press(name: string): Promise<void> {
    await this.dialog.getByRole('button', { name, exact: true }).click();
  }

  /** The result panel once it shows (success or error). */
  async result(): Promise<Locator> {
    const panel = this.dialog
      .getByRole('region', { name: 'Resultado' })
      .or(this.dialog.getByRole('status', { name: 'Resultado' }))
      .or(this.dialog.getByRole('alert', { name: 'Resultado' }));
    await panel.waitFor({ timeout: 20_000 });
    return panel;
  }
}
