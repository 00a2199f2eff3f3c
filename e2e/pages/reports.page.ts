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

/**
 * The MT5 statement opened from /reports, laid out as the terminal's Trade History report: one
 * table, section rows as `<th colspan="14">`, label cells `Label:` before their values.
 */
export class StatementTab {
  constructor(private readonly page: Page) {}

  /** The big title of the first row ('Relatório do Histórico de Negociação'). */
  async title(): Promise<string> {
    return ((await this.page.locator('td[colspan="14"] b').first().textContent()) ?? '').trim();
  }

  /** The header's labels (Nome, Conta, …), without their colon. */
  async headerLabels(): Promise<string[]> {
    const cells = await this.page.locator('th[colspan="4"]').allTextContents();
    return cells.map((c) => c.trim().replace(/:$/, ''));
  }

  /** The tables' section rows, then the Results row. */
  async sectionTitles(): Promise<string[]> {
    const tables = await this.page.locator('th[colspan="14"] b').allTextContents();
    const results = await this.page.locator('td[colspan="13"] b').allTextContents();
    return [...tables, ...results].map((t) => t.trim());
  }

  /** Every 'Label:' cell of the summary and Results blocks, without its colon. */
  async figureLabels(): Promise<string[]> {
    const cells = await this.page.locator('td[colspan="3"]').allTextContents();
    return cells
      .map((c) => c.trim())
      .filter((c) => c.endsWith(':'))
      .map((c) => c.slice(0, -1));
  }

  /** Data rows (MT5's alternating white/grey rows) under a table section's title. */
  async rowCount(title: string): Promise<number> {
    return this.page.evaluate((wanted) => {
      let inside = false;
      let rows = 0;
      for (const tr of Array.from(document.querySelectorAll('table tr'))) {
        const section = tr.querySelector('th[colspan="14"]');
        if (section) {
          inside = section.textContent.trim() === wanted;
          continue;
        }
        const colour = tr.getAttribute('bgcolor');
        if (inside && (colour === '#FFFFFF' || colour === '#F7F7F7')) rows++;
      }
      return rows;
    }, title);
  }
}
