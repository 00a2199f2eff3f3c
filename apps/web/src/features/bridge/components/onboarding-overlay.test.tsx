import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    bridgeApi(traderUser, {
      'GET /bridge/my-bridges': () => json({ success: true, items: [claim()] }),
    });
    renderApp('/dashboard');
    await overlay();
    expect(await screen.findByText('4812337')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Acessar Dashboard' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Conecte sua conta MT5' })).toBeNull();
    });
    expect(localStorage.getItem('onboarding_completed_full')).toBe('true');
  });

  it('downloads the installer, or says why it could not', async () => {
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
