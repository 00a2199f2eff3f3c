import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-api';
import { AuditPanel } from './audit-panel';
import {
  auditItems,
  bridgeAdminApi,
  openBridgeAdmin,
  openPanel,
  panel,
  rowsOf,
} from '../bridge-admin.fixtures';

const auditPanel = () => panel('Bridge Audit');

/** An audit log of `total` rows, served in the pages asked for. */
const auditOf = (total: number) => (_call: unknown, q: URLSearchParams) => {
  const page = Number(q.get('page'));
  const size = Number(q.get('page_size'));
  const first = (page - 1) * size;
  return json({
    success: true,
    items: auditItems(Math.max(0, Math.min(size, total - first)), first + 1),
    total,
    page,
    page_size: size,
  });
};

async function openAudit() {
  await openBridgeAdmin();
  await within(auditPanel()).findAllByText('bridge_paired');
  return auditPanel();
}

const pageText = () => within(auditPanel()).getByTestId('audit-page').textContent;

describe("'Bridge Audit' panel (trading.md §2, §9)", () => {
  it('shows a page of 50 by default with its total', async () => {
    const api = bridgeAdminApi();
    const region = await openAudit();
    expect(api.queriesTo('/api/bridge/audit/search')[0]?.toString()).toBe('page=1&page_size=50');
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Usuário', 'Evento', 'Data', 'Meta']);
    const [first, second] = rowsOf(region) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('1')).toBeTruthy();
    expect(within(first).getByText('20')).toBeTruthy();
    expect(within(first).getByText('01/03/2025 09:00:00')).toBeTruthy();
    expect(
      within(first).getByText('{"account_number":5012345,"server":"XP, \\"demo\\""}'),
    ).toBeTruthy();
    // An admin acting on someone else's bridge is named under the user.
    expect(within(second).getByText('por 1')).toBeTruthy();
    expect(within(region).getByTestId('audit-total').textContent).toBe('3 registros');
    expect(pageText()).toBe('Página 1 de 1');
    expect(within(region).getByRole('button', { name: 'Anterior' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(region).getByRole('button', { name: 'Próxima' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('pages with Prev/Next and restarts at page 1 on a new page size', async () => {
    const api = bridgeAdminApi({ 'GET /api/bridge/audit/search': auditOf(120) });
    const region = await openPanel(<AuditPanel />, 'Bridge Audit');
    await within(region).findAllByText('bridge_paired');
    const queries = () => api.queriesTo('/api/bridge/audit/search');
    expect(pageText()).toBe('Página 1 de 3');
    expect(within(region).getByTestId('audit-total').textContent).toBe('120 registros');
    fireEvent.click(within(region).getByRole('button', { name: 'Próxima' }));
    await waitFor(() => {
      expect(pageText()).toBe('Página 2 de 3');
    });
    expect(queries().at(-1)?.toString()).toBe('page=2&page_size=50');
    expect(await within(region).findByText('51')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Próxima' }));
    await waitFor(() => {
      expect(rowsOf(region)).toHaveLength(20);
    });
    expect(pageText()).toBe('Página 3 de 3');
    expect(within(region).getByRole('button', { name: 'Próxima' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Anterior' }));
    await waitFor(() => {
      expect(pageText()).toBe('Página 2 de 3');
    });

    fireEvent.change(within(region).getByLabelText('Por página'), { target: { value: '25' } });
    await waitFor(() => {
      expect(rowsOf(region)).toHaveLength(25);
    });
    expect(pageText()).toBe('Página 1 de 5');
    expect(queries().at(-1)?.toString()).toBe('page=1&page_size=25');
  });

  it('sends the filters on Buscar, the dates as instants', async () => {
    const api = bridgeAdminApi({
      'GET /api/bridge/audit/search': (_call, q) =>
        q.has('event_type')
          ? json({ success: true, items: [], total: 0, page: 1, page_size: 50 })
          : auditOf(3)(_call, q),
    });
    const region = await openAudit();
    const type = (label: string, value: string) => {
      fireEvent.change(within(region).getByLabelText(label), { target: { value } });
    };
    type('user_id', '20');
    type('event_type', 'bridge_cleanup');
    type('De', '2025-03-01T09:00');
    type('Até', '2025-03-02T18:30');
    fireEvent.click(within(region).getByRole('button', { name: 'Buscar' }));
    expect(await within(region).findByText('Nenhum evento')).toBeTruthy();
    const sent = api.queriesTo('/api/bridge/audit/search').at(-1);
    expect(Object.fromEntries(sent ?? [])).toEqual({
      user_id: '20',
      event_type: 'bridge_cleanup',
      from: new Date('2025-03-01T09:00').toISOString(),
      to: new Date('2025-03-02T18:30').toISOString(),
      page: '1',
      page_size: '50',
    });
    expect(pageText()).toBe('Página 1 de 1');
    expect(within(region).getByRole('button', { name: 'Exportar CSV' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('exports every matching row, all pages, as bridge_audit.csv', async () => {
    const api = bridgeAdminApi({ 'GET /api/bridge/audit/search': auditOf(120) });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:bridge-audit';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const region = await openAudit();
    fireEvent.click(within(region).getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => {
      expect(downloads).toEqual(['bridge_audit.csv']);
    });
    expect(
      api
        .queriesTo('/api/bridge/audit/search')
        .filter((q) => q.get('page_size') === '100')
        .map((q) => q.get('page')),
    ).toEqual(['1', '2']);
    const [blob] = blobs;
    if (!blob) throw new Error('no CSV');
    const text = await blob.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,user_id,actor_user_id,event_type,created_at,meta_json');
    expect(lines[1]).toBe(
      '1,20,20,bridge_paired,2025-03-01T12:00:00.000Z,"{""account_number"":5012345,""server"":""XP, \\""demo\\""""}"',
    );
    expect(lines[2]).toBe('2,20,1,bridge_revoked,2025-03-01T11:59:00.000Z,"{""sessions"":1}"');
    // Header, 120 rows, and the empty string after the last CRLF.
    expect(lines).toHaveLength(122);
    expect(screen.queryByText(/Erro ao exportar CSV/)).toBeNull();
  });

  it("shows 'HTTP {status}' inline when the search fails", async () => {
    bridgeAdminApi({
      'GET /api/bridge/audit/search': () =>
        json({ success: false, error: 'Data inicial inválida.' }, { status: 400 }),
    });
    await openBridgeAdmin();
    const alert = await within(auditPanel()).findByRole('alert');
    expect(alert.textContent).toContain('HTTP 400');
    expect(alert.textContent).toContain('Data inicial inválida.');
  });
});
