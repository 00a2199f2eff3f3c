import type { Claim } from '@vortex/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { traderUser } from '../../../test/session-fixtures';
import { bridgeApi, claim } from '../bridge.fixtures';

const overlayName = 'Conecte sua conta MT5';
const completedHere = () => localStorage.getItem('onboarding_completed_full');

describe('onboarding is remembered and ends by itself (issue 14, item 6)', () => {
  it('stays away for a trader the server remembers, in a browser that never saw it', async () => {
    // Nothing in this browser's storage; the bridge is off right now.
    const api = bridgeApi(traderUser, {
      'GET /bridge/my-bridges': () =>
        json({ success: true, items: [], onboarding_completed: true }),
    });
    renderApp('/dashboard');
    // The answer is remembered here too: the gate has decided.
    await waitFor(() => {
      expect(completedHere()).toBe('true');
    });
    expect(api.callsTo('/bridge/my-bridges').length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: overlayName })).toBeNull();
    expect(screen.getByTestId('sidebar').getAttribute('data-forced')).toBeNull();
  });

  it('stays away right after a pairing (on /welcome): the rule already holds', async () => {
    bridgeApi(traderUser, {
      'GET /bridge/my-bridges': () =>
        json({ success: true, items: [claim()], onboarding_completed: false }),
    });
    renderApp('/dashboard');
    await waitFor(() => {
      expect(completedHere()).toBe('true');
    });
    expect(screen.queryByRole('dialog', { name: overlayName })).toBeNull();
  });

  it('closes by itself once the rule holds, without a click', async () => {
    let items: Claim[] = [];
    bridgeApi(traderUser, { 'GET /bridge/my-bridges': () => json({ success: true, items }) });
    const client = createQueryClient();
    renderApp('/dashboard', { queryClient: client });
    await screen.findByRole('dialog', { name: overlayName }, { timeout: 5000 });
    expect(completedHere()).toBeNull();

    // Paired while the overlay waits: 'Acessar Dashboard' shows, then the overlay goes alone.
    items = [claim()];
    await client.invalidateQueries({ queryKey: ['bridge', 'my-bridges'] });
    expect(await screen.findByRole('button', { name: 'Acessar Dashboard' })).toBeTruthy();
    await waitFor(
      () => {
        expect(screen.queryByRole('dialog', { name: overlayName })).toBeNull();
      },
      { timeout: 6000 },
    );
    expect(completedHere()).toBe('true');
  });

  it('opens when neither the server nor the claims say it is complete', async () => {
    bridgeApi(traderUser, {
      'GET /bridge/my-bridges': () =>
        json({
          success: true,
          items: [claim({ last_seen_at: new Date(Date.now() - 10 * 60_000).toISOString() })],
          onboarding_completed: false,
        }),
    });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('dialog', { name: overlayName }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('sidebar').getAttribute('data-forced')).toBe('true');
    expect(completedHere()).toBeNull();
  });
});
