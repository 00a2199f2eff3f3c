import type { Locator, Page } from 'playwright-core';

/** /reports' 'Importar relatório do MT5' section, found by its pt-BR texts. */
export class ReportImportSection {
  constructor(private readonly page: Page) {}

  region(): Locator {
    return this.page.getByRole('region', { name: 'Importar relatório do MT5' });
  }

  progressBar(): Locator {
    return this.region().getByRole('progressbar', { name: 'Progresso da importação' });
  }

  async choose(file: string): Promise<void> {
    await this.region().getByLabel('Arquivo do relatório').setInputFiles(file);
  }

  async submit(): Promise<void> {
    await this.region().getByRole('button', { name: 'Importar' }).click();
  }

  /** Waits until the bar shows the upload part way (a value between its ends). */
  async waitForUploadProgress(): Promise<number> {
    const handle = await this.page.waitForFunction(
      () => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        return value > 0 && value < 50 ? value : false;
      },
      undefined,
      { timeout: 30_000, polling: 'raf' },
    );
    return (await handle.jsonValue()) as number;
  }

  result(): Locator {
    return this.region().getByText('Relatório importado');
  }

  refusal(): Locator {
    return this.region().getByRole('alert');
  }

  async openDashboard(): Promise<void> {
    await this.region().getByRole('button', { name: 'Abrir o dashboard desta conta' }).click();
  }
}
