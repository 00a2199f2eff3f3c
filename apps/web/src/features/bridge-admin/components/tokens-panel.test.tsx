import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  bridgeAdminApi,
  ok,
  openBridgeAdmin,
  panel,
  pendingToken,
  rowAt,
  rowsOf,
  tokens,
} from '../bridge-admin.fixtures';

const tokensPanel = () => panel('Tokens Bridge');
const pendingId = pendingToken.id;

async function openTokens() {
  await openBridgeAdmin();
  await within(tokensPanel()).findByText('carlos_a');
  return tokensPanel();
}

describe("'Tokens Bridge' panel (trading.md §2, §4)", () => {
  it('lists the tokens by the first 8 characters of their id', async () => {
    bridgeAdminApi();
    const region = await openTokens();
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'ID',
      'Usuário',
      'Status',
      'Rótulo',
      'Criado',
      'Expira',
      'Usado',
      'Conta pareada',
      'Ação',
    ]);
    const [pending, paired] = rowsOf(region) as [HTMLElement, HTMLElement];
    expect(within(pending).getByText('aaaaaaaa').getAttribute('title')).toBe(pendingId);
    expect(within(pending).getByText('Pendente')).toBeTruthy();
    expect(within(pending).getByText('manual')).toBeTruthy();
    // São Paulo time (UTC-3).
    expect(within(pending).getByText('01/03/2025 09:00')).toBeTruthy();
    expect(within(pending).getByText('01/03/2025 09:10')).toBeTruthy();
    expect(within(paired).getByText('bbbbbbbb')).toBeTruthy();
    expect(within(paired).getByText('Pareado')).toBeTruthy();
    expect(within(paired).getByText('01/03/2025 08:02')).toBeTruthy();
    expect(within(paired).getByText('7000111')).toBeTruthy();
    // §4: only pending tokens can be revoked.
    expect(within(pending).getByRole('button', { name: 'Revogar' })).toBeTruthy();
    expect(within(paired).queryByRole('button')).toBeNull();
  });

  it('asks the server for the chosen status and says when there is none', async () => {
    const api = bridgeAdminApi({
      'GET /api/bridge/admin/tokens': (_call, q) =>
        json({ success: true, items: q.get('status') === 'revoked' ? [] : tokens }),
    });
    const region = await openTokens();
    fireEvent.change(within(region).getByLabelText('Status do token'), {
      target: { value: 'revoked' },
    });
    expect(await within(region).findByText('Nenhum token')).toBeTruthy();
    expect(api.queriesTo('/api/bridge/admin/tokens').at(-1)?.toString()).toBe('status=revoked');
  });

  it('revokes a pending token, toasts it and reloads the list', async () => {
    const api = bridgeAdminApi({
      [`POST /api/bridge/admin/token/revoke/${pendingId}`]: ok('Token revogado'),
    });
    const region = await openTokens();
    fireEvent.click(within(rowAt(region, 0)).getByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText('Token revogado')).toBeTruthy();
    // The list, and the audit log the revoke wrote to, reload.
    await waitFor(() => {
      expect(api.callsTo('/api/bridge/admin/tokens')).toHaveLength(2);
      expect(api.callsTo('/api/bridge/audit/search')).toHaveLength(2);
    });
  });

  it("toasts the server's reason when the revoke is refused", async () => {
    bridgeAdminApi({
      [`POST /api/bridge/admin/token/revoke/${pendingId}`]: () =>
        json(
          { success: false, error: 'Só tokens pendentes podem ser revogados.' },
          { status: 409 },
        ),
    });
    const region = await openTokens();
    fireEvent.click(within(rowAt(region, 0)).getByRole('button', { name: 'Revogar' }));
    expect(
      await screen.findByText('Erro ao revogar token: Só tokens pendentes podem ser revogados.'),
    ).toBeTruthy();
  });
});
