import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command, ServerMessage } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeAgent } from './agent.js';
import { FakeServer } from './fake-server.js';
import { createSimSource } from './sim-source.js';

type CommandMessage = Extract<ServerMessage, { type: 'command' }>;

// Wednesday 14:00:30 in São Paulo: the session is open and WINZ25 trades.
let simNow = Date.parse('2025-11-19T17:00:30Z');
const source = createSimSource({
  seed: 'agent-commands',
  historyDays: 2,
  speed: 1,
  now: () => simNow,
});
const MAGIC = 4242;
const ours = () => source.poll(0).filter((d) => d.magic === MAGIC);

let server: FakeServer;
let stateDir: string;
let agent: BridgeAgent;
const newAgent = () =>
  new BridgeAgent({
    serverUrl: server.url,
    pairingToken: 'token-de-pareamento-de-teste',
    stateDir,
    source,
    clientVersion: '0.1.0',
    heartbeatMs: 50,
    log: () => undefined,
  });

beforeAll(async () => {
  server = await FakeServer.start();
  stateDir = await mkdtemp(path.join(os.tmpdir(), 'vortex-commands-'));
  agent = newAgent();
  await agent.start();
  await server.next('hello');
});
afterAll(async () => {
  agent.stop();
  await server.close();
});

const command = (c: Command, expiresAt = Date.now() + 60_000): CommandMessage => ({
  type: 'command',
  command_id: randomUUID(),
  expires_at: expiresAt,
  command: c,
});
async function send(m: CommandMessage) {
  server.send(m);
  const result = await server.next('command_result');
  expect(result.command_id).toBe(m.command_id);
  return result;
}

const buy = command({
  kind: 'place_order',
  symbol: 'WINZ25',
  side: 'buy',
  order_type: 'market',
  volume: 1,
  sl: 0,
  tp: 0,
  magic: MAGIC,
  comment: 'vortex',
});

describe('server commands through the agent, on the simulated terminal', () => {
  it('executes an order once, however many times it is delivered', async () => {
    const first = await send(buy);
    expect(first).toMatchObject({ ok: true, retcode: 10009, message: 'Solicitação concluída' });
    expect(first.data).toMatchObject({ deal: ours()[0]?.ticket, volume: 1 });
    expect(await send(buy)).toEqual(first);
    expect(ours()).toHaveLength(1);

    // The agent restarts (same state folder) and the server, unsure, delivers it again.
    agent.stop();
    agent = newAgent();
    await agent.start();
    await server.next('hello');
    expect(await send(buy)).toEqual(first);
    expect(ours()).toHaveLength(1);
    expect(source.positions()).toMatchObject([{ volume: 1, magic: MAGIC }]);
  });

  it('refuses an expired command', async () => {
    const late = command(
      { kind: 'close_position', ticket: source.positions()[0]?.ticket ?? 1 },
      // Well in the past: the agent reads expiry on the server's clock as it estimates it from
      // the messages' timestamps, which a loaded machine can put some milliseconds behind.
      Date.now() - 60_000,
    );
    expect(await send(late)).toEqual({
      type: 'command_result',
      command_id: late.command_id,
      ok: false,
      message: 'Comando expirado.',
    });
    expect(source.positions()).toHaveLength(1);
  });

  it('streams bars after subscribe_bars: the history, each closed bar, the history again after a cut', async () => {
    const result = await send(
      command({ kind: 'subscribe_bars', symbol: 'WINZ25', timeframe: 'M1' }),
    );
    expect(result.ok).toBe(true);
    const history = await server.next('bars');
    expect(history).toMatchObject({ symbol: 'WINZ25', timeframe: 'M1' });
    expect(history.bars).toHaveLength(500);
    expect(history.bars.at(-1)?.time).toBe(Date.parse('2025-11-19T16:59:00Z') / 1000);

    simNow = Date.parse('2025-11-19T17:02:30Z');
    const fresh = await server.next('bars');
    expect(fresh.bars.map((b) => b.time)).toEqual([
      Date.parse('2025-11-19T17:00:00Z') / 1000,
      Date.parse('2025-11-19T17:01:00Z') / 1000,
    ]);

    server.cut();
    await server.next('hello');
    expect((await server.next('bars')).bars).toHaveLength(500);
    expect(server.invalid).toEqual([]);
  });
});
