import type { Download, Page } from 'playwright-core';

/** The /trades screen ('Trades Reais MT5'), found by its pt-BR texts. */
export class TradesPage {
  constructor(private readonly page: Page) {}

  async open(webUrl: string): Promise<void> {
    await this.page.goto(`${webUrl}/trades`);
    await this.page.getByRole('heading', { name: 'Trades Reais MT5' }).waitFor();
    await this.table().locator('tbody tr').first().waitFor({ timeout: 60_000 });
  }

  table() {
    return this.page.getByRole('table', { name: 'Posições fechadas' });
  }

  /** The screen's own count: '1–10 de 1.234' under the table. */
  async total(): Promise<number> {
    const text = (await this.page.getByTestId('trades-range').textContent()) ?? '';
    const match = /de\s+([\d.]+)\s*$/.exec(text.trim());
    if (!match?.[1]) throw new Error(`contagem ilegível: ${text}`);
    return Number(match[1].replace(/\./g, ''));
  }

  /** Sets 'Data inicial' and 'Data final' (YYYY-MM-DD) and waits for the table to follow. */
  async filterBetween(start: string, end: string): Promise<void> {
    await this.page.getByLabel('Data final').fill(end);
    await this.page.getByLabel('Data inicial').fill(start);
    // The hint under the filters is shown only while no start date is set.
    await this.page.getByText('Sem data inicial: últimos 365 dias.').waitFor({ state: 'detached' });
  }

  /** The cells' texts of the rows on the current page. */
  async pageRows(): Promise<string[][]> {
    return this.table()
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.innerText.trim())),
      );
  }

  /** Every filtered row, paging forward from the first page. */
  async allRows(): Promise<string[][]> {
    const pageLabel = this.page.getByTestId('trades-page');
    const next = this.page
      .getByRole('navigation', { name: 'Paginação de trades' })
      .getByRole('button', { name: 'Próxima' });
    const rows: string[][] = [];
    for (;;) {
      rows.push(...(await this.pageRows()));
      if (await next.isDisabled()) return rows;
      const before = await pageLabel.textContent();
      await next.click();
      await this.page.waitForFunction(
        (prev) => document.querySelector('[data-testid="trades-page"]')?.textContent !== prev,
        before,
      );
    }
  }

  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Exportar CSV' }).click();
    return download;
  }
}
