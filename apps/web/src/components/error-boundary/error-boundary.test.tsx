import { ClientLogSchema } from '@vortex/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { ErrorBoundary } from './error-boundary';
import { RouteError } from './route-error';

function Bomb({ message }: { message: string }): never {
  throw new Error(message);
}

beforeEach(() => {
  // React reports caught render errors on the console; the assertions below cover them.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function logApi() {
  return fakeApi({ 'POST /api/client-log': () => json({ success: true, id: 1 }, { status: 201 }) });
}

describe('root error boundary', () => {
  it('shows the crash screen with the error text and a reload button', () => {
    logApi();
    render(
      <ErrorBoundary>
        <Bomb message="gráfico sem dados" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Ocorreu um erro na interface' })).toBeTruthy();
    expect(screen.getByText('gráfico sem dados')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeTruthy();
  });

  it('reloads the page from the button', () => {
    logApi();
    const reload = vi.fn();
    // jsdom's location.reload cannot be spied on (unforgeable), so the whole object is replaced.
    vi.stubGlobal('location', { protocol: 'http:', hostname: 'localhost', reload });
    render(
      <ErrorBoundary>
        <Bomb message="x" />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reports the crash once to /api/client-log in the contract shape', async () => {
    const api = logApi();
    render(
      <ErrorBoundary>
        <Bomb message="falha ao desenhar" />
      </ErrorBoundary>,
    );
    await waitFor(() => {
      expect(api.callsTo('/api/client-log')).toHaveLength(1);
    });
    const body = ClientLogSchema.parse(api.callsTo('/api/client-log')[0]?.body);
    expect(body).toMatchObject({ level: 'error', message: 'falha ao desenhar' });
    expect(body.stack).toContain('falha ao desenhar');
    expect(body.componentStack).toContain('Bomb');
    expect(body.ua).toBe(navigator.userAgent);
    expect(typeof body.ts).toBe('string');
  });

  it('stays on the fallback when the report itself fails', async () => {
    const api = fakeApi({ 'POST /api/client-log': () => Promise.reject(new TypeError('offline')) });
    render(
      <ErrorBoundary>
        <Bomb message="sem rede" />
      </ErrorBoundary>,
    );
    await waitFor(() => {
      expect(api.callsTo('/api/client-log')).toHaveLength(1);
    });
    expect(screen.getByRole('heading', { name: 'Ocorreu um erro na interface' })).toBeTruthy();
  });
});

describe('router errorElement', () => {
  it('shows the same crash screen and reports the route error once', async () => {
    const api = logApi();
    renderApp('/', {
      routes: [
        {
          element: <Outlet />,
          errorElement: <RouteError />,
          children: [{ index: true, element: <Bomb message="tela quebrou" /> }],
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { name: 'Ocorreu um erro na interface' }),
    ).toBeTruthy();
    expect(screen.getByText('tela quebrou')).toBeTruthy();
    await waitFor(() => {
      expect(api.callsTo('/api/client-log')).toHaveLength(1);
    });
    expect(api.callsTo('/api/client-log')[0]?.body).toMatchObject({ message: 'tela quebrou' });
    expect(JSON.stringify(api.callsTo('/api/client-log')[0]?.body)).toContain('Bomb');
  });
});
