import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bridgeMessages } from '@vortex/core';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnAgent, type AgentProcess } from './agent-process.js';
import { EXIT_PROTOCOL, EXIT_REFUSED, EXIT_STOPPED } from './exit-codes.js';
import { FakeServer } from './fake-server.js';
import { waitUntil } from '../../../server/test/wait.js';

/**
 * The built agent process against the fake server: it outlives every way a server can fail
 * (closes with any code, refused upgrades, a server gone and back, garbage) and ends only when
 * told to or refused for good, with the exit code the start scripts read.
 */
const TOKEN = 'token-de-pareamento-de-teste';
const CONNECTED = /^(Conectado|Reconectado)/;
const LOST = /^Conexão com o servidor perdida/;
const RECONNECTED = /^Reconectado após \d+ tentativas? em [\d,]+ s: conta \d+/;

let server: FakeServer | undefined;
let agent: AgentProcess | undefined;
let dirs: string[] = [];

const stateDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-lifecycle-'));
  dirs.push(dir);
  return dir;
};

afterEach(async () => {
  if (agent?.alive()) agent.signal('SIGKILL');
  await agent?.exited;
  await server?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  dirs = [];
  agent = server = undefined;
});

async function connectedAgent(): Promise<{ server: FakeServer; agent: AgentProcess; dir: string }> {
  server = await FakeServer.start();
  const dir = await stateDir();
  agent = spawnAgent(['--server', server.url, '--token', TOKEN, '--state-dir', dir]);
  await server.next('hello', 30_000);
  await agent.waitForLine(CONNECTED);
  return { server, agent, dir };
}

describe('the agent process outlives its server', () => {
  it('reconnects after every kind of close, refused upgrade and restart; ignores garbage; stops on SIGTERM', async () => {
    const { server: first, agent: a } = await connectedAgent();
    let s = first;

    // Garbage, a message of no known type, and one missing its fields: ignored, the same
    // connection then answers a command sent after them.
    s.sendRaw('not json');
    s.sendRaw(JSON.stringify({ type: 'surprise' }));
    s.sendRaw(JSON.stringify({ type: 'deals_ack' }));
    const id = randomUUID();
    s.send({
      type: 'command',
      command_id: id,
      expires_at: Date.now() - 60_000,
      command: { kind: 'mt5_logout' },
    });
    expect(await s.next('command_result')).toMatchObject({ command_id: id, ok: false });
    expect(s.connections).toBe(1);

    // Each close, however it is meant, is followed by a new connection and a resume.
    let drops = 0;
    for (const close of [1011, 1013, 1000, 1001, 4000, 'cut'] as const) {
      const before = s.connections;
      s.drain();
      if (close === 'cut') s.cut();
      else s.closeWith(close);
      drops++;
      // The log first: it fails at once, with the agent's output, if the agent died.
      await a.waitForLine(RECONNECTED, 30_000, drops);
      await s.next('hello');
      expect(s.connections).toBe(before + 1);
    }
    expect(a.count(LOST)).toBe(drops);
    expect(a.stdout().find((l) => l.includes('código 1011'))).toMatch(LOST);

    // Upgrades answered 503, several times: the agent says so once and comes back when they
    // are accepted.
    s.upgradeStatus = 503;
    s.drain();
    s.cut();
    drops++;
    await a.waitForLine(/^Servidor indisponível .*HTTP 503/, 30_000);
    await waitUntil(
      () => {
        if (!agent?.alive()) throw new Error('the agent exited');
        return s.refusedUpgrades >= 3;
      },
      'three refused upgrades',
      { timeoutMs: 30_000 },
    );
    s.upgradeStatus = undefined;
    await a.waitForLine(RECONNECTED, 30_000, drops);
    await s.next('hello');

    // The server goes away entirely (connections refused) and comes back on the same port.
    const port = s.port;
    await s.close();
    drops++;
    await a.waitForLine(/^Servidor indisponível .*conexão recusada/, 30_000);
    s = await FakeServer.start({ port });
    server = s;
    expect(await a.waitForLine(RECONNECTED, 30_000, drops)).toMatch(/após \d+ tentativas/);
    await s.next('hello');
    expect(a.count(LOST)).toBe(drops);
    expect(a.count(/^Servidor indisponível/)).toBe(2);
    expect(a.alive()).toBe(true);

    a.signal('SIGTERM');
    expect(await a.exited).toEqual({ code: EXIT_STOPPED, signal: null });
    expect(a.stdout()).toContain('Agente encerrado: sinal recebido');
  }, 180_000);
});

describe('the agent process ends only when the server refuses it for good', () => {
  it('a revoked session: exit EXIT_REFUSED, a pt-BR message on stderr, the session forgotten', async () => {
    const { server: s, agent: a, dir } = await connectedAgent();
    expect(existsSync(path.join(dir, 'session.json'))).toBe(true);
    s.send({ type: 'revoked', reason: 'claim_revoked' });
    expect(await a.exited).toEqual({ code: EXIT_REFUSED, signal: null });
    expect(a.stderr().join('\n')).toMatch(
      /^Sessão revogada no servidor \(o administrador revogou esta bridge\)\..*novo token de pareamento/,
    );
    expect(existsSync(path.join(dir, 'session.json'))).toBe(false);
  }, 60_000);

  it('a pairing refused with no saved session to fall back from: exit EXIT_REFUSED', async () => {
    server = await FakeServer.start();
    server.authError = bridgeMessages.invalidToken;
    agent = spawnAgent(['--server', server.url, '--token', TOKEN, '--state-dir', await stateDir()]);
    expect(await agent.exited).toEqual({ code: EXIT_REFUSED, signal: null });
    expect(agent.stderr().join('\n')).toContain(
      `O servidor recusou esta bridge: ${bridgeMessages.invalidToken}`,
    );
  }, 60_000);

  it('a protocol version the server refuses: exit EXIT_PROTOCOL, the server text on stderr', async () => {
    server = await FakeServer.start();
    server.authError = bridgeMessages.protocolUnsupported;
    agent = spawnAgent(['--server', server.url, '--token', TOKEN, '--state-dir', await stateDir()]);
    expect(await agent.exited).toEqual({ code: EXIT_PROTOCOL, signal: null });
    expect(agent.stderr().join('\n')).toContain(bridgeMessages.protocolUnsupported);
  }, 60_000);
});
