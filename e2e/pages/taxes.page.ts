import type { Download, Locator, Page } from 'playwright-core';

/** /impostos ('Imposto de Renda') and its printable summary, found by their pt-BR texts. */
export class TaxesPage {
  constructor(private readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Imposto de Renda' });
  }

  /** Opens the screen from the sidebar, as a trader would. */
  async openFromMenu(): Promise<void> {
    await this.page.getByRole('link', { name: 'Imposto de Renda' }).first().click();
    await this.page.waitForURL(/\/impostos(\?|$)/);
    await this.heading().waitFor();
  }

  note(): Locator {
    return this.page.getByRole('note').filter({ hasText: 'não substitui um contador' });
  }

  async chooseYear(year: number): Promise<void> {
    const picker = this.page.getByLabel('Ano', { exact: true });
    if ((await picker.inputValue()) === String(year)) return;
    await picker.selectOption(String(year));
    await this.page.waitForURL(new RegExp(`ano=${year}`));
  }

  /** A month, named 'setembro de 2026': a table row, or a card on a phone. */
  month(label: string): Locator {
    return this.page
      .getByRole('row', { name: label, exact: true })
      .or(this.page.getByRole('listitem', { name: label, exact: true }));
  }

  async openOperations(label: string): Promise<void> {
    await this.month(label).getByRole('button', { name: 'Ver operações' }).click();
  }

  /** The block of one day's operations, named 'Dia dd/mm/aaaa'. */
  day(date: string): Locator {
    return this.page.getByRole('region', { name: `Dia ${date}` });
  }

  async markPaid(label: string): Promise<void> {
    await this.month(label).getByRole('button', { name: 'Marcar como pago' }).click();
    await this.month(label).getByText('Pago', { exact: true }).waitFor();
  }

  async downloadCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Baixar CSV anual' }).click();
    return download;
  }

  async openPrintable(): Promise<void> {
    await this.page.getByRole('link', { name: 'Versão para impressão' }).click();
    await this.page.waitForURL(/\/impostos\/anual\/\d{4}$/);
    await this.page
      .getByRole('heading', { level: 1, name: 'Renda Variável — Operações em mercado futuro' })
      .waitFor();
  }

  /** A table of the printable page: 'Operações comuns', 'Day trade' or 'Consolidação mensal'. */
  printableTable(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }
}
