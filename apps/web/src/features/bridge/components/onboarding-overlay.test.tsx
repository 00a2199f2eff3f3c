import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Claim } from '@vortex/core';
import { createQueryClient } from '../../../app/query-client';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { adminUser, traderUser } from '../../../test/session-fixtures';
import { bridgeApi, claim } from '../bridge.fixtures';

const overlay = () => screen.findByRole('dialog', { name: 'Conecte sua conta MT5' });

describe('the onboarding overlay (access-and-admin.md §2, §4)', () => {
  it('waits for pairing while the trader has no claim', async () => {
    bridgeApi(traderUser);
    renderApp('/dashboard');
    await overlay();
    expect(await screen.findByText('Aguardando pareamento...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acessar Dashboard' })).toBeNull();
  });

  it('waits for the first heartbeat of an installer claim (auto-claim)', async () => {
    bridgeApi(traderUser, {
      'GET /bridge/my-bridges': () =>
        json({ success: true, items: [claim({ status: 'pre_install', last_seen_at: null })] }),
    });
    renderApp('/dashboard');
    expect(
      await screen.findByText('Aguardando primeiro heartbeat da bridge (auto-claim)...'),
    ).toBeTruthy();
  });

  it('says MT5 is not confirmed for an active claim without an MT5 heartbeat', async () => {
    const seen = new Date(Date.now() - 90_000).toISOString();
    bridgeApi(traderUser, {
      'GET /bridge/my-bridges': () =>
        json({
          success: true,
          items: [claim({ last_hb_mt5: false, last_hb_mt5_at: null, last_seen_at: seen })],
        }),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Bridge ativa mas MT5 não confirmado...')).toBeTruthy();
  });

  it("offers 'Acessar Dashboard' once connected, stores completion and closes", async () => {
    let items: Claim[] = [];
    bridgeApi(traderUser, {
      'GET /bridge/my-bridges': () => json({ success: true, items }),
    });
    const client = createQueryClient();
    renderApp('/dashboard', { queryClient: client });
    await overlay();
    // The trader's bridge comes up while the overlay waits (a claim event or the 15 s recheck).
    items = [claim()];
    await client.invalidateQueries({ queryKey: ['bridge', 'my-bridges'] });
    expect(await screen.findByText('4812337')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Acessar Dashboard' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Conecte sua conta MT5' })).toBeNull();
    });
    expect(localStorage.getItem('onboarding_completed_full')).toBe('true');
  });

  it('downloads the installer by posting its id, never putting the id in a URL', async () => {
    const id = '0b6f2c1e-8a4d-4f57-9c3e-2d1a7b9e5f10';
    const api = bridgeApi(traderUser, {
      'GET /api/bridge/installer/iot/zip': () =>
        json({
          success: true,
          download_url: `http://localhost:5000/api/bridge/installer/download/${id}`,
          download_id: id,
          device_id: 'c1',
          file_size_mb: 0.15,
        }),
      'POST /api/bridge/installer/download': () =>
        new Response('PK', { headers: { 'Content-Type': 'application/zip' } }),
    });
    const saved = vi.fn((_blob: Blob) => 'blob:installer');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar agente (ZIP)' }));
    await waitFor(() => {
      expect(saved).toHaveBeenCalled();
    });
    expect(api.callsTo('/api/bridge/installer/download')[0]?.body).toEqual({ id });
    expect(api.calls.filter((c) => c.path.includes(id))).toEqual([]);
  });

  it('says why it could not download the installer', async () => {
    bridgeApi(traderUser, {
      'GET /api/bridge/installer/iot/zip': () => json({ success: true }),
    });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar agente (ZIP)' }));
    expect(await screen.findByText('URL de download não encontrada na resposta')).toBeTruthy();
  });

  it("says 'Falha ao baixar ZIP IoT' when the installer call fails", async () => {
    bridgeApi(traderUser, {
      'GET /api/bridge/installer/iot/zip': () =>
        json({ success: false, error: 'x' }, { status: 500 }),
    });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar agente (ZIP)' }));
    expect(await screen.findByText('Falha ao baixar ZIP IoT')).toBeTruthy();
  });

  it('is never shown to an admin', async () => {
    bridgeApi(adminUser);
    renderApp('/dashboard');
    expect(await screen.findByText('Bridge: Offline')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Conecte sua conta MT5' })).toBeNull();
  });
});
