import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Bar } from '@vortex/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeAgent } from './agent.js';
import { FakeServer } from './fake-server.js';
import { stubTerminal } from './stub-terminal.js';

let server: FakeServer | undefined;
let agent: BridgeAgent | undefined;
let dir: string | undefined;
afterEach(async () => {
  agent?.stop();
  await agent?.done;
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A terminal whose MT5 state and closed bars the test sets by hand. */
function terminal() {
  const state = { alive: true, bars: [] as Bar[] };
  const source = stubTerminal(
    { account_number: 8_080_808, server: 'Entre-Batidas' },
    {
      alive: () => state.alive,
      execute: () => Promise.resolve({ ok: true, message: 'ok' }),
      bars: (_symbol, _tf, after) => state.bars.filter((b) => b.time > after),
    },
  );
  return { source, state };
}

const bar = (time: number): Bar => ({
  time,
  open: 125_000,
  high: 125_050,
  low: 124_950,
  close: 125_010,
  tick_volume: 10,
  volume: 1,
});

describe('between two beats', () => {
  it('tells MT5 going down and up, and sends a bar just closed, without waiting for the beat', async () => {
    server = await FakeServer.start();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-watch-'));
    const t = terminal();
    agent = new BridgeAgent({
      serverUrl: server.url,
      pairingToken: 'token-de-pareamento-de-teste',
      stateDir: dir,
      source: t.source,
      clientVersion: '0.1.0',
      // A beat far beyond the test's waits: only the watch between beats can explain what comes.
      heartbeatMs: 600_000,
      log: () => undefined,
    });
    await agent.start();
    expect((await server.next('heartbeat')).mt5_alive).toBe(true);
    t.state.alive = false;
    expect((await server.next('heartbeat', 5_000)).mt5_alive).toBe(false);
    t.state.alive = true;
    expect((await server.next('heartbeat', 5_000)).mt5_alive).toBe(true);
    server.send({
      type: 'command',
      command_id: '6f1c0c2e-9d5e-4b0a-8f7e-2d4c6b8a0e1f',
      expires_at: Date.now() + 60_000,
      command: { kind: 'subscribe_bars', symbol: 'WINZ26', timeframe: 'M1' },
    });
    await server.next('command_result');
    t.state.bars.push(bar(1_763_730_000));
    const sent = await server.next('bars', 5_000);
    expect(sent.bars.map((b) => b.time)).toContain(1_763_730_000);
  });
});
