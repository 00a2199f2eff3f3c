import type { Download, Page } from 'playwright-core';

/** The /backup screen ('Backup'): its four tabs and the backups table, by their pt-BR texts. */
export class BackupPage {
  constructor(private readonly page: Page) {}

  async open(webUrl: string): Promise<void> {
    await this.page.goto(`${webUrl}/backup`);
    await this.page.getByRole('heading', { level: 1, name: 'Backup' }).waitFor();
    await this.page.getByRole('tab', { name: 'Criar' }).waitFor();
  }

  async tab(name: 'Criar' | 'Backups' | 'Configurações' | 'Agendamento'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  /** Runs a backup from Criar and waits for the screen to say it was verified. */
  async runBackup(): Promise<void> {
    await this.tab('Criar');
    await this.page.getByRole('button', { name: 'Executar backup' }).click();
    await this.page.getByText('Backup executado com sucesso!').waitFor({ timeout: 120_000 });
  }

  /** The file names the Backups tab lists, newest first. */
  async listedFiles(): Promise<string[]> {
    await this.tab('Backups');
    const table = this.page.getByRole('table', { name: 'Backups' });
    const empty = this.page.getByText('Nenhum backup ainda');
    await table.or(empty).first().waitFor();
    if (await empty.isVisible()) return [];
    const names = await table.locator('tbody tr td:first-child p.font-mono').allTextContents();
    return names.map((n) => n.trim());
  }

  async statusOf(filename: string): Promise<string> {
    const row = this.page.getByRole('row').filter({ hasText: filename });
    return ((await row.locator('td').nth(4).textContent()) ?? '').trim();
  }

  /** Presses the row's 'Baixar' and answers the browser's download. */
  async download(filename: string): Promise<Download> {
    const download = this.page.waitForEvent('download', { timeout: 60_000 });
    await this.page.getByRole('button', { name: `Baixar ${filename}` }).click();
    return download;
  }
}
