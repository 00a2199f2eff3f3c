import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBotStatus } from '../../features/bot-control/api/get-bot-status';
import { fakeApi, json } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { LiveProvider } from './live-provider';

const status = {
  success: true,
  status: {
    bot_active: true,
    process_id: 'host:1',
    start_time: '2026-11-20T15:00:00.000Z',
    paused: false,
    entries_paused: false,
    error: null,
    blocked: null,
    today: { trades: 0, winners: 0, average_win: 0, losers: 0, average_loss: 0, canceled: 0 },
  },
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  let n = 0;
  api = fakeApi({
    'POST /api/bridge/events/ticket': () =>
      json(
        { success: true, ticket: `t${++n}`, expires_at: '2026-11-20T15:00:30.000Z' },
        { status: 201 },
      ),
    'GET /bot/status': () => json(status),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function Probe() {
  useBotStatus();
  return null;
}

const polls = () => api.callsTo('/bot/status').length;
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** Lets the newest socket in and says it is open, as the server does after the ticket. */
async function openLatest(): Promise<FakeSocket> {
  await vi.waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket');
  act(() => {
    socket.onopen?.();
    socket.receive({ type: 'ws_connected', user_id: 7 });
  });
  return socket;
}

describe('polls beside the live channel', () => {
  it('stops polling /bot/status while live, resumes while down, re-reads on reconnect', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <LiveProvider>
          <Probe />
        </LiveProvider>
      </QueryClientProvider>,
    );
    const first = await openLatest();
    await advance(0);
    const atOpen = polls();
    expect(atOpen).toBe(1);
    // Six poll periods with the channel up: not one request.
    await advance(30_000);
    expect(polls()).toBe(atOpen);

    // The channel drops: the poll comes back (the reconnect is left pending meanwhile).
    const reconnects = FakeSocket.all.length;
    act(() => {
      first.close();
    });
    await advance(15_000);
    expect(polls()).toBeGreaterThanOrEqual(atOpen + 2);
    expect(FakeSocket.all.length).toBeGreaterThan(reconnects);

    // Back up: one re-read for what the missed events said, then silence again.
    const beforeReopen = polls();
    await openLatest();
    await advance(0);
    expect(polls()).toBe(beforeReopen + 1);
    await advance(30_000);
    expect(polls()).toBe(beforeReopen + 1);
  });
});
