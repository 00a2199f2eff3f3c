import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  captureFiles,
  networkDown,
  openReports,
  reportsApi,
  statementHtml,
  statementXml,
} from '../reports.fixtures';

const button = (name: string) => screen.getByRole('button', { name });
const STAMP = /^mt5_statement_\d{8}_\d{6}/;

async function openWithData() {
  await openReports();
  await screen.findByRole('group', { name: 'Total de trades' });
}

describe('MT5 statements (trading.md §2, §4, §7)', () => {
  it("shows 'Gerando...' while a statement is generated", async () => {
    let finish: (response: Response) => void = () => undefined;
    reportsApi({
      'POST /api/reports/mt5/html': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    captureFiles();
    await openWithData();
    fireEvent.click(button('Relatório MT5 (HTML)'));
    const busy = await screen.findByRole('button', { name: 'Gerando...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // Only the statement being generated is busy.
    expect(button('Relatório MT5 (XML)')).toHaveProperty('disabled', false);
    finish(new Response(statementHtml));
    await waitFor(() => {
      expect(button('Relatório MT5 (HTML)')).toHaveProperty('disabled', false);
    });
    expect(screen.queryByRole('button', { name: 'Gerando...' })).toBeNull();
  });

  it('opens the HTML statement of the selected range in a new tab, scripts off', async () => {
    const api = reportsApi();
    const files = captureFiles();
    await openWithData();
    fireEvent.change(screen.getByLabelText('Período'), { target: { value: '90d' } });
    fireEvent.click(button('Relatório MT5 (HTML)'));
    expect(await screen.findByText('Relatório MT5 aberto em uma nova aba.')).toBeTruthy();
    const [call] = api.callsTo('/api/reports/mt5/html');
    expect(call?.body).toEqual({ date_range: '90d', report_type: 'full' });
    expect(call?.headers.authorization).toBe('Bearer tok-123');
    expect(files.open).toHaveBeenCalledWith('blob:reports/1', '_blank');
    expect(files.tab.opener).toBeNull();
    const page = await files.blobs.get('blob:reports/1')?.text();
    expect(page).toContain('<h1>Relatório MT5</h1>');
    expect(page).toMatch(
      /<head><meta http-equiv="Content-Security-Policy" content="default-src 'none';/,
    );
    expect(files.downloads).toEqual([]);
  });

  it('downloads the HTML statement as mt5_statement_{timestamp}.html when pop-ups are blocked', async () => {
    reportsApi();
    const files = captureFiles({ popup: 'blocked' });
    await openWithData();
    fireEvent.click(button('Relatório MT5 (HTML)'));
    await waitFor(() => {
      expect(files.downloads).toHaveLength(1);
    });
    const [download] = files.downloads;
    expect(download?.name).toMatch(new RegExp(`${STAMP.source}\\.html$`));
    // The file is the statement as the server wrote it.
    expect(await download?.blob?.text()).toBe(statementHtml);
    expect(
      await screen.findByText(
        `O navegador bloqueou a nova aba: o relatório foi baixado como ${download?.name ?? ''}.`,
      ),
    ).toBeTruthy();
  });

  it('downloads the XML statement as mt5_statement_{timestamp}.xml', async () => {
    const api = reportsApi();
    const files = captureFiles();
    await openWithData();
    fireEvent.click(button('Relatório MT5 (XML)'));
    await waitFor(() => {
      expect(files.downloads).toHaveLength(1);
    });
    const [download] = files.downloads;
    expect(download?.name).toMatch(new RegExp(`${STAMP.source}\\.xml$`));
    expect(await download?.blob?.text()).toBe(statementXml);
    expect(files.open).not.toHaveBeenCalled();
    expect(api.callsTo('/api/reports/mt5/xml')[0]?.body).toEqual({
      date_range: '7d',
      report_type: 'full',
    });
    expect(await screen.findByText(`Relatório MT5 baixado: ${download?.name ?? ''}`)).toBeTruthy();
  });

  it("keeps the server's file name when the browser exposes it", async () => {
    reportsApi({
      'POST /api/reports/mt5/xml': () =>
        new Response(statementXml, {
          headers: {
            'Content-Type': 'application/vnd.ms-excel',
            'Content-Disposition': 'attachment; filename="mt5_statement_20261122_221500.xml"',
          },
        }),
    });
    const files = captureFiles();
    await openWithData();
    fireEvent.click(button('Relatório MT5 (XML)'));
    await waitFor(() => {
      expect(files.downloads.map((d) => d.name)).toEqual(['mt5_statement_20261122_221500.xml']);
    });
  });

  it('says when the HTML statement fails, with the server reason', async () => {
    reportsApi({
      'POST /api/reports/mt5/html': () =>
        json({ success: false, error: 'Conta MT5 não encontrada.' }, { status: 404 }),
    });
    const files = captureFiles();
    await openWithData();
    fireEvent.click(button('Relatório MT5 (HTML)'));
    expect(await screen.findByText('Erro ao gerar relatório MT5 HTML')).toBeTruthy();
    expect(screen.getByText('Conta MT5 não encontrada.')).toBeTruthy();
    expect(files.open).not.toHaveBeenCalled();
    expect(button('Relatório MT5 (HTML)')).toHaveProperty('disabled', false);
  });

  it('says when the XML statement fails, the server out of reach', async () => {
    reportsApi({ 'POST /api/reports/mt5/xml': networkDown });
    const files = captureFiles();
    await openWithData();
    fireEvent.click(button('Relatório MT5 (XML)'));
    expect(await screen.findByText('Erro ao gerar relatório MT5 XML')).toBeTruthy();
    expect(screen.getByText('Erro ao conectar com servidor de dados reais')).toBeTruthy();
    expect(files.downloads).toEqual([]);
  });
});
