import type { Page } from 'playwright-core';

/** The /reports screen ('Relatórios de Trading'), found by its pt-BR texts. */
export class ReportsPage {
  constructor(private readonly page: Page) {}

  async open(webUrl: string): Promise<void> {
    await this.page.goto(`${webUrl}/reports`);
    await this.page.getByRole('heading', { name: 'Relatórios de Trading' }).waitFor();
    await this.page.getByText('Total de trades').first().waitFor({ timeout: 60_000 });
  }

  /** Clicks 'Relatório MT5 (HTML)' and answers the tab it opens, once loaded. */
  async openHtmlStatement(): Promise<Page> {
    const tab = this.page.context().waitForEvent('page', { timeout: 60_000 });
    await this.page.getByRole('button', { name: 'Relatório MT5 (HTML)' }).click();
    const opened = await tab;
    await opened.waitForLoadState();
    return opened;
  }
}

/** The MT5 statement opened from /reports: its title, header and sections. */
export class StatementTab {
  constructor(private readonly page: Page) {}

  async title(): Promise<string> {
    return ((await this.page.locator('h1').textContent()) ?? '').trim();
  }

  /** The header's labels, without their colon. */
  async headerLabels(): Promise<string[]> {
    const cells = await this.page.locator('table.header tr td:first-child').allTextContents();
    return cells.map((c) => c.trim().replace(/:$/, ''));
  }

  async sectionTitles(): Promise<string[]> {
    return (await this.page.locator('section > h2').allTextContents()).map((t) => t.trim());
  }

  private section(title: string) {
    return this.page
      .locator('section')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** The label cells of a figures section ('Resumo', 'Resultados'), without their colon. */
  async figureLabels(title: string): Promise<string[]> {
    const cells = await this.section(title).locator('td.l').allTextContents();
    return cells.map((c) => c.trim().replace(/:$/, ''));
  }

  /** Body rows of a table section that hold data, not the 'no rows' line. */
  async rowCount(title: string): Promise<number> {
    return this.section(title)
      .locator('tbody tr')
      .filter({ hasNotText: 'Nenhum registro no período.' })
      .count();
  }
}
