import type { Page } from 'playwright-core';

/** The bot control card on /dashboard, found by its pt-BR texts. */
export class BotCardPage {
  constructor(private readonly page: Page) {}

  card() {
    return this.page.getByRole('region', { name: 'Controle do VórtexBot' });
  }

  async open(webUrl: string): Promise<void> {
    await this.page.goto(`${webUrl}/dashboard`);
    await this.card().waitFor({ timeout: 30_000 });
  }

  badge(text: string) {
    return this.card().getByText(text, { exact: true });
  }

  /** Clicks start (or stop) once the card knows the bot's state, and waits for the toast. */
  async press(name: 'Iniciar bot' | 'Parar bot', toast: string): Promise<void> {
    // Start waits for the first status: the enabled button is the one to press.
    const button = this.card().locator('button:enabled', { hasText: name });
    await button.waitFor({ timeout: 30_000 });
    await button.click();
    await this.page.getByText(toast).first().waitFor({ timeout: 30_000 });
  }
}
