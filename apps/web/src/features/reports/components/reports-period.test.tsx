import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { captureFiles, openReports, reportsApi } from '../reports.fixtures';

const spanRoute = `GET ${endpoints.trading.historySpan.path}`;
const oldSpan = () =>
  json({
    success: true,
    first_deal_at: Date.UTC(2022, 0, 3, 13),
    last_deal_at: Date.UTC(2023, 11, 30, 18),
  });
const summaryQueries = (api: ReturnType<typeof reportsApi>) =>
  api.queriesTo('/api/reports/summary').map((q) => Object.fromEntries(q));

describe('/reports over any period (issue 26)', () => {
  it('opens an old account on its whole history, says how old its data is, and its statement follows', async () => {
    const api = reportsApi({ [spanRoute]: oldSpan });
    captureFiles();
    const { router } = await openReports();
    await screen.findByRole('group', { name: 'Total de trades' });
    expect(screen.getByText('Dados de 03/01/2022 a 30/12/2023')).toBeTruthy();
    expect(summaryQueries(api)).toEqual([{ range: 'all' }]);
    expect(screen.getByLabelText<HTMLSelectElement>('Período').value).toBe('all');
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Relatório MT5 (HTML)' }));
    await waitFor(() => {
      expect(api.callsTo('/api/reports/mt5/html')[0]?.body).toEqual({
        date_range: 'all',
        report_type: 'full',
      });
    });
    // The spec's default is still a choice: it goes into the address, not back to 'all'.
    fireEvent.change(screen.getByLabelText('Período'), { target: { value: '7d' } });
    await waitFor(() => {
      expect(summaryQueries(api).at(-1)).toEqual({ range: '7d' });
    });
    expect(router.state.location.search).toBe('?range=7d');
  });

  it("asks a custom 'De / Até' only when applied, keeps it in the address and in the statement", async () => {
    const api = reportsApi();
    captureFiles();
    const { router } = await openReports();
    await screen.findByRole('group', { name: 'Total de trades' });
    fireEvent.change(screen.getByLabelText('Período'), { target: { value: 'custom' } });
    const from = await screen.findByLabelText('De');
    expect(summaryQueries(api)).toEqual([{ range: '7d' }]);
    fireEvent.change(from, { target: { value: '03/01/2022' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '30/12/2023' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => {
      expect(summaryQueries(api).at(-1)).toEqual({ start: '2022-01-03', end: '2023-12-30' });
    });
    expect(router.state.location.search).toBe('?range=custom&start=2022-01-03&end=2023-12-30');
    expect(screen.getByLabelText<HTMLSelectElement>('Período').value).toBe('custom');
    fireEvent.click(screen.getByRole('button', { name: 'Relatório MT5 (XML)' }));
    await waitFor(() => {
      expect(api.callsTo('/api/reports/mt5/xml')[0]?.body).toEqual({
        start: '2022-01-03',
        end: '2023-12-30',
        report_type: 'full',
      });
    });
  });

  it('opens on a custom period in the address', async () => {
    const api = reportsApi();
    await openReports('/reports?range=custom&start=2022-01-03&end=2023-12-30');
    await screen.findByRole('group', { name: 'Total de trades' });
    expect(summaryQueries(api)).toEqual([{ start: '2022-01-03', end: '2023-12-30' }]);
    expect(screen.getByLabelText('De')).toHaveProperty('value', '03/01/2022');
  });
});
