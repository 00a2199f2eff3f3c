import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { traderUser } from '../../test/session-fixtures';
import { bridgeApi, claim, onlineStatus } from '../../features/bridge/bridge.fixtures';

describe('/welcome for a trader already connected (issue 14, item 6)', () => {
  it('shows the connection and a way to the dashboard, where no overlay waits', async () => {
    bridgeApi(traderUser, {
      'GET /api/mt5/status': () => json(onlineStatus),
      'GET /bridge/my-bridges': () =>
        json({ success: true, items: [claim()], onboarding_completed: true }),
    });
    const app = renderApp('/welcome');
    expect(await screen.findByText('Conectado!', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('paired-account').textContent).toBe('4812337');
    fireEvent.click(await screen.findByRole('link', { name: 'Acessar Dashboard' }));
    await waitFor(() => {
      expect(app.pathname()).toBe('/dashboard');
    });
    await waitFor(() => {
      expect(localStorage.getItem('onboarding_completed_full')).toBe('true');
    });
    expect(screen.queryByRole('dialog', { name: 'Conecte sua conta MT5' })).toBeNull();
  });
});
