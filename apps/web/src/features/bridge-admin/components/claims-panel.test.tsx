import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import {
  bridgeAdminApi,
  claims,
  ok,
  openBridgeAdmin,
  panel,
  rowAt,
  rowsOf,
} from '../bridge-admin.fixtures';

const claimsPanel = () => panel('Claims Bridge');
const [active, mismatch, revoked] = claims.map((c) => c.id);

async function openClaims() {
  await openBridgeAdmin();
  await within(claimsPanel()).findByText('carlos_a');
  return claimsPanel();
}

const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('claims panel (trading.md §2, §4)', () => {
  it('lists the claims with prefix, status, online, age, account and heartbeat', async () => {
    bridgeAdminApi();
    const region = await openClaims();
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Usuário',
      'Prefixo do token',
      'Status',
      'Idade',
      'Conta principal',
      'Último heartbeat MT5',
      'Ações',
    ]);
    const [first, second, third] = rowsOf(region) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('vtx_ab12')).toBeTruthy();
    expect(within(first).getByText('Ativo')).toBeTruthy();
    // Active and seen 10 s ago: online (§4).
    expect(within(first).getByText('Online')).toBeTruthy();
    expect(within(first).getByText('3 h')).toBeTruthy();
    expect(within(first).getByText('5012345')).toBeTruthy();
    expect(within(first).getByText(/^há \d+ s$/)).toBeTruthy();
    // Seen 5 min ago: offline, whatever its status.
    expect(within(second).getByText('Divergente')).toBeTruthy();
    expect(within(second).getByText('Offline')).toBeTruthy();
    expect(within(second).getByText('2 d')).toBeTruthy();
    expect(within(second).getByText('Nunca')).toBeTruthy();
    expect(within(third).getByText('Revogado')).toBeTruthy();
    expect(within(third).getByText('40 min')).toBeTruthy();
    // Revoke unless revoked; reset only for mismatch or revoked.
    expect(buttonsOf(first)).toEqual(['Revogar']);
    expect(buttonsOf(second)).toEqual(['Resetar', 'Revogar']);
    expect(buttonsOf(third)).toEqual(['Resetar']);
  });

  it('asks the server for the chosen status and says when there is none', async () => {
    const api = bridgeAdminApi({
      'GET /api/bridge/admin/claims': (_call, q) =>
        json({ success: true, items: q.get('status') === 'pre_install' ? [] : claims }),
    });
    const region = await openClaims();
    expect(api.queriesTo('/api/bridge/admin/claims')[0]?.toString()).toBe('');
    fireEvent.change(within(region).getByLabelText('Status do claim'), {
      target: { value: 'pre_install' },
    });
    expect(await within(region).findByText('Nenhum claim')).toBeTruthy();
    expect(api.queriesTo('/api/bridge/admin/claims').at(-1)?.toString()).toBe('status=pre_install');
  });

  it('revokes a claim, toasts it and reloads the list', async () => {
    const api = bridgeAdminApi({
      [`POST /api/bridge/claim/${active}/revoke`]: ok('Claim revogado'),
    });
    const region = await openClaims();
    fireEvent.click(within(rowAt(region, 0)).getByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText('Claim revogado')).toBeTruthy();
    await waitFor(() => {
      expect(api.callsTo('/api/bridge/admin/claims')).toHaveLength(2);
    });
  });

  it('resets a mismatch claim and toasts it', async () => {
    const api = bridgeAdminApi({
      [`POST /api/bridge/claim/${mismatch}/reset`]: ok('Claim resetado'),
    });
    const region = await openClaims();
    fireEvent.click(within(rowAt(region, 1)).getByRole('button', { name: 'Resetar' }));
    expect(await screen.findByText('Claim resetado')).toBeTruthy();
    expect(api.callsTo(`/api/bridge/claim/${mismatch}/reset`)[0]?.method).toBe('POST');
    expect(api.callsTo(`/api/bridge/claim/${revoked}/reset`)).toHaveLength(0);
  });

  it("toasts the server's reason when an action fails", async () => {
    bridgeAdminApi({
      [`POST /api/bridge/claim/${revoked}/reset`]: () =>
        json({ success: false, error: 'Claim não encontrado.' }, { status: 404 }),
    });
    const region = await openClaims();
    fireEvent.click(within(rowAt(region, 2)).getByRole('button', { name: 'Resetar' }));
    expect(await screen.findByText('Erro: Claim não encontrado.')).toBeTruthy();
  });

  it("shows 'HTTP {status}' inline when the list fails, and retries", async () => {
    let calls = 0;
    bridgeAdminApi({
      'GET /api/bridge/admin/claims': () =>
        ++calls === 1 ? json({}, { status: 500 }) : json({ success: true, items: claims }),
    });
    await openBridgeAdmin();
    const alert = await within(claimsPanel()).findByRole('alert');
    expect(alert.textContent).toContain('HTTP 500');
    expect(within(claimsPanel()).queryByText('Nenhum claim')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(claimsPanel()).findByText('carlos_a')).toBeTruthy();
    expect(within(claimsPanel()).queryByRole('alert')).toBeNull();
  });
});
