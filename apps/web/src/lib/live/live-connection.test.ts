import { LIVE_EVENT_HISTORY } from '@vortex/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, fakeApi } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { backoffDelay, LiveConnection } from './live-connection';

const event = (id: number) => ({
  id,
  at: '2026-11-20T15:00:00.000Z',
  user_id: 7,
  type: 'bridge_refreshed',
});

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  let n = 0;
  fakeApi({
    'POST /api/bridge/events/ticket': () =>
      json(
        { success: true, ticket: `t${++n}`, expires_at: '2026-11-20T15:00:30.000Z' },
        { status: 201 },
      ),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

async function opened(live: LiveConnection): Promise<FakeSocket> {
  await vi.waitFor(() => {
    expect(FakeSocket.all.length).toBeGreaterThan(0);
  });
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket');
  socket.onopen?.();
  socket.receive({ type: 'ws_connected', user_id: 7 });
  expect(live.getSnapshot().status).toBe('open');
  return socket;
}

describe('the live channel', () => {
  it('backs off up to 500 ms doubled per attempt, at most 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 1))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
  });

  it('spreads each delay over its whole window, so dropped tabs do not reconnect together', () => {
    expect([0, 0.25, 0.5, 0.999].map((r) => backoffDelay(5, () => r))).toEqual([
      0, 3750, 7500, 14_985,
    ]);
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(5)));
    expect(delays.size).toBeGreaterThan(40);
    for (const d of delays) expect(d).toBeLessThanOrEqual(15_000);
  });

  it('sends its single-use ticket first, never a token in the URL', async () => {
    const live = new LiveConnection(() => 'ws://api.test/api/bridge/ws');
    live.start();
    const socket = await opened(live);
    expect(socket.url).toBe('ws://api.test/api/bridge/ws');
    expect(socket.sent).toEqual([JSON.stringify({ ticket: 't1' })]);
    live.stop();
  });

  it('keeps the last 300 events, counts them all and ignores what is not an event', async () => {
    const live = new LiveConnection(() => 'ws://api.test/ws');
    const heard: number[] = [];
    live.onEvent((e) => heard.push(e.id));
    live.start();
    const socket = await opened(live);
    for (let i = 1; i <= LIVE_EVENT_HISTORY + 5; i++) socket.receive(event(i));
    socket.receive({ type: 'nonsense' });
    const snap = live.getSnapshot();
    expect(snap.events).toHaveLength(LIVE_EVENT_HISTORY);
    expect(snap.events[0]?.id).toBe(6);
    expect(snap.received).toBe(LIVE_EVENT_HISTORY + 5);
    expect(heard).toHaveLength(LIVE_EVENT_HISTORY + 5);
    live.stop();
  });

  it('reconnects with a fresh ticket after the jittered backoff when the socket drops', async () => {
    const live = new LiveConnection(
      () => 'ws://api.test/ws',
      () => 0.5,
    );
    live.start();
    const first = await opened(live);
    first.close();
    expect(live.getSnapshot().status).toBe('closed');
    await vi.advanceTimersByTimeAsync(249);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = await opened(live);
    expect(second.sent).toEqual([JSON.stringify({ ticket: 't2' })]);
    live.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
