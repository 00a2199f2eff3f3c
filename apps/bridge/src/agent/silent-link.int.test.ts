import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../server/test/faults/tcp-proxy.js';
import { BridgeAgent } from './agent.js';
import { FakeServer } from './fake-server.js';
import { createSimSource } from './sim-source.js';
import { waitUntil } from '../../../server/test/wait.js';

let server: FakeServer | undefined;
let proxy: TcpProxy | undefined;
let agent: BridgeAgent | undefined;
let dir: string | undefined;
afterEach(async () => {
  agent?.stop();
  await agent?.done;
  await proxy?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a link that dies without a word', () => {
  it('is dropped after two unanswered beats and the agent connects again', async () => {
    server = await FakeServer.start();
    proxy = await startTcpProxy(Number(new URL(server.url).port));
    dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-silent-'));
    const log: string[] = [];
    agent = new BridgeAgent({
      serverUrl: proxy.url,
      pairingToken: 'token-de-pareamento-de-teste',
      stateDir: dir,
      source: createSimSource({ seed: 'silencio', historyDays: 1, speed: 1 }),
      clientVersion: '0.1.0',
      heartbeatMs: 50,
      log: (m) => log.push(m),
    });
    await agent.start();
    await waitUntil(
      () => server?.connections === 1 && log.some((l) => l.startsWith('Conectado')),
      'the first connection',
    );
    // The connection stays open at both ends but carries nothing any more.
    expect(proxy.freeze()).toBe(1);
    await waitUntil(() => server?.connections === 2, 'a new connection after the silence');
    expect(log).toContain(
      'Conexão com o servidor perdida (o servidor parou de responder); tentando reconectar.',
    );
    await waitUntil(
      () => log.some((l) => l.startsWith('Reconectado')),
      'the agent to be connected again',
    );
  });
});
