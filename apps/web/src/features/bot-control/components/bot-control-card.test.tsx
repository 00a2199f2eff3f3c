import type { BridgeEvent } from '@vortex/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import type { LiveConnection } from '../../../lib/live/live-connection';
import { LiveContext } from '../../../lib/live/live-context';
import type { SessionUser } from '../../../lib/session';
import { SessionContext } from '../../../lib/session/session-context';
import { fakeApi, json } from '../../../test/fake-api';
import { routes } from '../../../app/route-table';
import { RequireAdmin } from '../../../app/guards';
import { adminUser, makeUser, traderUser } from '../../../test/session-fixtures';
import { mt5Status, runningStatus, stoppedStatus } from '../bot-control.fixtures';
import type { BotStatus } from '../api/get-bot-status';
import { botControlTexts as t } from '../messages';
import { BotControlCard } from './bot-control-card';

/** Whether the app's route table has a path, and whether only admins reach it. */
function openableBy(
  path: string,
  list: RouteObject[] = routes,
  admin = false,
): { exists: boolean; adminOnly: boolean } {
  for (const route of list) {
    const underAdmin =
      admin || (route.element as { type?: unknown } | undefined)?.type === RequireAdmin;
    if (route.path === path.slice(1)) return { exists: true, adminOnly: underAdmin };
    const found = route.children ? openableBy(path, route.children, underAdmin) : undefined;
    if (found?.exists) return found;
  }
  return { exists: false, adminOnly: false };
}

function liveStub() {
  const listeners = new Set<(e: BridgeEvent) => void>();
  const live = {
    getSnapshot: () => ({ status: 'open', events: [], received: 0 }),
    subscribe: () => () => undefined,
    onEvent: (l: (e: BridgeEvent) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  } as unknown as LiveConnection;
  return { live, emit: (e: BridgeEvent) => listeners.forEach((l) => l(e)) };
}

function renderCard(user: SessionUser = traderUser, live = liveStub().live) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = {
    state: { status: 'authenticated' as const, token: 't', user },
    signIn: () => undefined,
    signOut: () => undefined,
  };
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <BotControlCard /> },
      { path: '/settings', element: <p>tela settings</p> },
      { path: '/fibonacci', element: <p>tela fibonacci</p> },
      { path: '/welcome', element: <p>tela welcome</p> },
      { path: '/mt5', element: <p>tela mt5</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <LiveContext.Provider value={live}>
          <RouterProvider router={router} />
          <Toaster />
        </LiveContext.Provider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

/** The status endpoint answers `current.status`, changeable between polls. */
function api(
  current: { status: BotStatus; mt5?: boolean },
  extra: Parameters<typeof fakeApi>[0] = {},
) {
  return fakeApi({
    'GET /bot/status': () => json({ success: true, status: current.status }),
    'GET /api/mt5/status': () => json(mt5Status(current.mt5 ?? true)),
    ...extra,
  });
}

/** The button once the status has loaded (start waits for it). */
async function enabledButton(name: string) {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

describe('bot control card (trading.md §2, §4, §8)', () => {
  it('shows a stopped bot with MT5 and bridge on, its counters and no prerequisites', async () => {
    api({ status: { ...runningStatus, bot_active: false, start_time: null } });
    renderCard();
    expect(await screen.findByText(t.badges.botStopped)).toBeTruthy();
    expect(await screen.findByText(t.badges.mt5On)).toBeTruthy();
    expect(screen.getByText(t.badges.bridgeOn)).toBeTruthy();
    expect(screen.getByText(t.counters.trades).nextSibling?.textContent).toBe('5');
    expect(screen.getByText(t.counters.winners).nextSibling?.textContent).toBe('3');
    expect(screen.getByText(/média R\$\s?40,50/)).toBeTruthy();
    expect(screen.getByText(/média -R\$\s?25,00/)).toBeTruthy();
    expect(screen.getByText(t.counters.canceled).nextSibling?.textContent).toBe('1');
    expect(screen.queryByText(t.prerequisites.title)).toBeNull();
    expect(screen.getByText(/Atualizado às \d\d:\d\d:\d\d/)).toBeTruthy();
  });

  it('lists the prerequisites and the off badges when MT5 is not connected', async () => {
    api({ status: stoppedStatus, mt5: false });
    renderCard();
    expect(await screen.findByText(t.prerequisites.title)).toBeTruthy();
    for (const item of t.prerequisites.items) expect(screen.getByText(item)).toBeTruthy();
    expect(screen.getByText(t.badges.mt5Off)).toBeTruthy();
    expect(screen.getByText(t.badges.bridgeOff)).toBeTruthy();
  });

  it('points a trader at the pairing screen they can open, and an admin at Configuração MT5', async () => {
    api({ status: stoppedStatus, mt5: false });
    const router = renderCard(traderUser);
    // No 'aba Conexão MT5' (it does not exist): the link names a real screen.
    expect(screen.queryByText(/aba Conexão MT5/)).toBeNull();
    const pairing = await screen.findByRole('link', { name: 'Bem-vindo ao Vórtex' });
    expect(pairing.closest('li')?.textContent).toBe('Pareie o bridge em Bem-vindo ao Vórtex');
    expect(openableBy('/welcome')).toEqual({ exists: true, adminOnly: false });
    fireEvent.click(pairing);
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    cleanup();

    api({ status: stoppedStatus, mt5: false });
    renderCard(adminUser);
    const mt5 = await screen.findByRole('link', { name: 'Configuração MT5' });
    expect(mt5.getAttribute('href')).toBe('/mt5');
    expect(openableBy('/mt5')).toEqual({ exists: true, adminOnly: true });
  });

  it("disables 'Iniciar bot' for a viewer, with the reason, and offers no MT5 hint", async () => {
    const viewer = makeUser({ id: 9, role: 'viewer' });
    const fake = api({ status: stoppedStatus, mt5: false });
    renderCard(viewer);
    const start = await screen.findByRole<HTMLButtonElement>('button', { name: t.start });
    await screen.findByText(t.badges.mt5Off);
    expect(start.disabled).toBe(true);
    const reason = document.getElementById(start.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(t.viewerNoControl);
    expect(screen.queryByText(t.prerequisites.title)).toBeNull();
    expect(screen.queryByRole('button', { name: t.closeAll.button })).toBeNull();
    fireEvent.click(start);
    expect(fake.callsTo('/api/bot/start')).toEqual([]);
  });

  it('shows only the refusal when the server will not start the bot', async () => {
    const why = 'O símbolo WINZ25 não está disponível no terminal.';
    api(
      { status: stoppedStatus },
      { 'POST /api/bot/start': () => json({ success: false, error: why }, { status: 409 }) },
    );
    renderCard();
    fireEvent.click(await enabledButton(t.start));
    expect(await screen.findByText(`❌ ${why}`)).toBeTruthy();
    expect(screen.queryByText(/Bot iniciado/)).toBeNull();
    expect(screen.getByText(t.badges.botStopped)).toBeTruthy();
  });

  it("never says 'Bot ativo' while the started bot cannot trade, and shows why", async () => {
    const why = 'O símbolo WINZ25 não está disponível no terminal.';
    api({ status: { ...runningStatus, blocked: why } });
    renderCard();
    expect(await screen.findByText(t.badges.botBlocked)).toBeTruthy();
    expect(screen.getByText(why)).toBeTruthy();
    expect(screen.queryByText(t.badges.botActive)).toBeNull();
  });

  it("says 'Aguardando MT5', not 'Bot ativo', while the started bot waits for the bridge", async () => {
    api({ status: { ...runningStatus, paused: true }, mt5: false });
    renderCard();
    expect(await screen.findByText(t.badges.botPaused)).toBeTruthy();
    expect(screen.queryByText(t.badges.botActive)).toBeNull();
  });

  it("shows the bot's error in a banner", async () => {
    api({ status: { ...runningStatus, error: 'Ordem recusada: sem margem' } });
    renderCard();
    expect(await screen.findByText('Ordem recusada: sem margem')).toBeTruthy();
    expect(screen.getByText(t.badges.botActive)).toBeTruthy();
  });

  it('starts: Iniciando... while loading, the server message, then a re-check 2 s later', async () => {
    const current = { status: stoppedStatus };
    let release: () => void = () => undefined;
    const fake = api(current, {
      'POST /api/bot/start': () =>
        new Promise<Response>((resolve) => {
          release = () => {
            current.status = runningStatus;
            resolve(json({ success: true, message: 'Bot iniciado: operando.' }));
          };
        }),
    });
    renderCard();
    fireEvent.click(await enabledButton(t.start));
    expect(await screen.findByRole('button', { name: t.starting })).toBeTruthy();
    const polls = fake.callsTo('/bot/status').length;
    act(() => release());
    expect(await screen.findByText('Bot iniciado: operando.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: t.stop })).toBeTruthy();
    expect(screen.getByText(t.badges.botActive)).toBeTruthy();
    await waitFor(() => expect(fake.callsTo('/bot/status').length).toBe(polls + 1), {
      timeout: 3_000,
    });
  });

  it('stops: Parando... while loading and the server message', async () => {
    // The server answers only once the test has seen the button wait for it.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api(
      { status: runningStatus },
      {
        'POST /api/bot/stop': async () => {
          await answered;
          return json({ success: true, message: 'Bot parado.' });
        },
      },
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: t.stop }));
    expect(await screen.findByRole('button', { name: t.stopping })).toBeTruthy();
    answer();
    expect(await screen.findByText('Bot parado.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: t.start })).toBeTruthy();
  });

  it.each([
    [
      'the server error',
      () => json({ success: false, error: 'MT5 não conectado' }, { status: 409 }),
      '❌ MT5 não conectado',
    ],
    [
      'the generic text',
      () => Promise.reject(new TypeError('Failed to fetch')),
      '❌ Erro ao iniciar bot',
    ],
  ])('shows %s with a cross when the start fails', async (_, answer, text) => {
    api({ status: stoppedStatus }, { 'POST /api/bot/start': answer });
    renderCard();
    fireEvent.click(await enabledButton(t.start));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("says 'Erro ao parar bot' when the stop cannot reach the server", async () => {
    api(
      { status: runningStatus },
      { 'POST /api/bot/stop': () => Promise.reject(new TypeError('Failed to fetch')) },
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: t.stop }));
    expect(await screen.findByText('❌ Erro ao parar bot')).toBeTruthy();
  });

  it("says 'Erro de conexão com o servidor' when the status poll fails", async () => {
    fakeApi({
      'GET /bot/status': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/mt5/status': () => json(mt5Status(true)),
    });
    renderCard();
    expect(await screen.findByText(t.errors.connection)).toBeTruthy();
  });

  it.each([
    ['a trader', traderUser, 'tela settings'],
    ['an admin', adminUser, 'tela fibonacci'],
  ])('opens the settings screen of %s', async (_, user, screenText) => {
    api({ status: stoppedStatus });
    renderCard(user);
    fireEvent.click(await screen.findByRole('button', { name: t.settings }));
    expect(await screen.findByText(screenText)).toBeTruthy();
  });

  it('reloads the status on bridge_status and deals_added events of this trader', async () => {
    const current = { status: stoppedStatus };
    const fake = api(current);
    const { live, emit } = liveStub();
    renderCard(traderUser, live);
    await screen.findByText(t.badges.botStopped);
    const before = fake.callsTo('/bot/status').length;
    current.status = runningStatus;
    act(() => emit({ type: 'deals_added', user_id: traderUser.id } as unknown as BridgeEvent));
    expect(await screen.findByText(t.badges.botActive)).toBeTruthy();
    act(() => emit({ type: 'deals_added', user_id: traderUser.id + 1 } as unknown as BridgeEvent));
    act(() => emit({ type: 'bridge_status', user_id: traderUser.id } as unknown as BridgeEvent));
    await waitFor(() => expect(fake.callsTo('/bot/status').length).toBe(before + 2));
  });

  it('pauses the running bot’s entries and resumes them, with the server’s messages', async () => {
    const current = { status: runningStatus };
    const fake = api(current, {
      'POST /api/bot/entries': (call) => {
        const { paused } = call.body as { paused: boolean };
        current.status = { ...runningStatus, entries_paused: paused };
        return json({
          success: true,
          message: paused ? 'Entradas pausadas: ok.' : 'Entradas retomadas: ok.',
        });
      },
    });
    renderCard();
    fireEvent.click(await enabledButton(t.pauseEntries));
    expect(await screen.findByText('Entradas pausadas: ok.')).toBeTruthy();
    expect(await screen.findByText(t.badges.entriesPaused)).toBeTruthy();
    fireEvent.click(await enabledButton(t.resumeEntries));
    expect(await screen.findByText('Entradas retomadas: ok.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(t.badges.entriesPaused)).toBeNull());
    expect(fake.callsTo('/api/bot/entries').map((c) => c.body)).toEqual([
      { paused: true },
      { paused: false },
    ]);
  });

  it('offers no entry pause for a stopped bot', async () => {
    api({ status: stoppedStatus });
    renderCard();
    await enabledButton(t.start);
    expect(screen.queryByRole('button', { name: t.pauseEntries })).toBeNull();
  });

  it('closes every position only after the confirmation, and shows the count', async () => {
    const fake = api(
      { status: runningStatus },
      {
        'POST /api/bot/close-all': () => json({ success: true, message: '2 posições fechadas.' }),
      },
    );
    renderCard();
    fireEvent.click(await enabledButton(t.closeAll.button));
    expect(await screen.findByText(t.closeAll.description)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.closeAll.cancel }));
    await waitFor(() => expect(screen.queryByText(t.closeAll.description)).toBeNull());
    expect(fake.callsTo('/api/bot/close-all')).toEqual([]);

    fireEvent.click(await enabledButton(t.closeAll.button));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t.closeAll.confirm }));
    expect(await screen.findByText('2 posições fechadas.')).toBeTruthy();
    expect(fake.callsTo('/api/bot/close-all')).toHaveLength(1);
  });

  it('shows the refusal of a close-all, and offers none without MT5', async () => {
    api(
      { status: runningStatus },
      {
        'POST /api/bot/close-all': () =>
          json({ success: false, error: 'MT5 não conectado.' }, { status: 409 }),
      },
    );
    renderCard();
    fireEvent.click(await enabledButton(t.closeAll.button));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t.closeAll.confirm }));
    expect(await screen.findByText('❌ MT5 não conectado.')).toBeTruthy();
  });

  it('hides Zerar posições while MT5 is off', async () => {
    api({ status: runningStatus, mt5: false });
    renderCard();
    expect(await screen.findByText(t.badges.mt5Off)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.closeAll.button })).toBeNull();
  });
});
