import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './api.js';
import { FaultSystem, waitFor } from './fault-system.js';
import { checkLedger } from './ledger.js';
import { record } from './report.js';
import { startProbing } from './route-probe.js';
import {
  agentConnections,
  bringUp,
  describeOutage,
  expectLedgerWhole,
  expectNoOtherExit,
  whole,
  type Session,
} from './scenario.js';

/**
 * The built system with its embedded PostgreSQL and its own Redis, a real agent on the
 * simulated terminal, a trader's live channel and a running bot: each fault kills or cuts one
 * real process or link, and the others must carry on and the system become whole again, with
 * every deal the terminal made stored exactly once.
 */
let system: FaultSystem;
let s: Session;

beforeAll(async () => {
  system = await FaultSystem.create({ database: 'embedded', simSpeed: 600, historyDays: 3 });
  s = await bringUp(system);
}, 240_000);
afterAll(async () => {
  // Whatever beforeAll got to start, even when it failed half way.
  await (s as Session | undefined)?.live.close();
  await (system as FaultSystem | undefined)?.close();
});

/** Restarts the server the way `signal` ends it; the agent and the browser must come back. */
async function serverFault(signal: 'SIGKILL' | 'SIGTERM') {
  const before = agentConnections(system);
  await system.server.kill(signal);
  const liveDrops = s.live.drops.length;
  await system.startServer();
  const back = Date.now();
  await waitFor(
    () => agentConnections(system) > before,
    20_000,
    () => `o agente não reconectou em 20 s:\n${system.agent.tail()}`,
  );
  await whole(system, s, back);
  const recover = (Date.now() - back) / 1000;
  expect(s.live.drops.length).toBeGreaterThan(liveDrops);
  expectNoOtherExit(system);
  return recover;
}

/** Kills the embedded postmaster while `during` runs; nothing may fail but with a pt-BR 503. */
async function databaseFault(name: string, during: () => Promise<void>) {
  const connections = agentConnections(system);
  const liveDrops = s.live.drops.length;
  const probing = startProbing(system.apiUrl, s.trader);
  await during();
  process.kill(system.embeddedPostmasterPid(), 'SIGKILL');
  const killed = Date.now();
  // Down: /health says so, in Portuguese and with 503, until the supervisor has it back.
  await waitFor(
    async () => (await fetch(`${system.apiUrl}/health`)).status === 503,
    10_000,
    () => '/health não disse que o banco caiu',
  );
  await waitFor(
    async () => (await fetch(`${system.apiUrl}/health`)).ok,
    60_000,
    () => `o PostgreSQL embutido não voltou:\n${system.server.tail()}`,
  );
  const back = Date.now();
  await whole(system, s, back);
  const summary = await probing.stop();
  expect(summary.bad).toEqual([]);
  expect(summary.byStatus['500'] ?? 0).toBe(0);
  expect(agentConnections(system), 'a bridge caiu enquanto o banco estava fora').toBe(connections);
  expect(s.live.drops.length, 'o canal ao vivo caiu enquanto o banco estava fora').toBe(liveDrops);
  expectNoOtherExit(system);
  record({
    fault: name,
    seen: `${describeOutage(summary)}; bridge e canal ao vivo seguem conectados`,
    recoverS: (Date.now() - killed) / 1000,
    lost: 0,
  });
}

describe('the system outlives each of its processes', () => {
  it('agent SIGKILL: it starts again from its outbox and reconnects', async () => {
    const before = agentConnections(system);
    await system.agent.kill('SIGKILL');
    const restarted = Date.now();
    system.agent.start();
    await waitFor(
      () => agentConnections(system) > before,
      20_000,
      () => system.agent.tail(),
    );
    await whole(system, s, restarted);
    expectNoOtherExit(system);
    record({
      fault: 'Agente morto (SIGKILL) e reiniciado',
      seen: 'Bridge desconectada até o agente voltar; robô em espera; API e canal ao vivo normais',
      recoverS: (Date.now() - restarted) / 1000,
      lost: 0,
    });
  });

  it('20 link cuts between agent and server: it reconnects after each', async () => {
    let worst = 0;
    for (let i = 0; i < 20; i++) {
      const before = agentConnections(system);
      expect(system.proxy.cut()).toBeGreaterThan(0);
      const cut = Date.now();
      await waitFor(
        () => agentConnections(system) > before,
        20_000,
        () => system.agent.tail(),
      );
      worst = Math.max(worst, Date.now() - cut);
    }
    const since = Date.now();
    await whole(system, s, since);
    expectNoOtherExit(system);
    record({
      fault: '20 cortes do link agente ↔ servidor',
      seen: `Bridge desconectada por instantes a cada corte (pior ${(worst / 1000).toFixed(1)} s); API e canal ao vivo normais`,
      recoverS: worst / 1000,
      lost: 0,
    });
  });

  it('server SIGTERM: the agent, the live channel and the bot come back', async () => {
    const recover = await serverFault('SIGTERM');
    record({
      fault: 'Servidor encerrado (SIGTERM) e reiniciado',
      seen: 'Pedidos em curso terminam; novos recebem 503 pt-BR até fechar; canal ao vivo e bridge reconectam sozinhos',
      recoverS: recover,
      lost: 0,
    });
  });

  it('server SIGKILL: the agent, the live channel and the bot come back', async () => {
    const recover = await serverFault('SIGKILL');
    record({
      fault: 'Servidor morto (SIGKILL) e reiniciado',
      seen: 'Tela sem resposta até o servidor voltar; canal ao vivo e bridge reconectam sozinhos',
      recoverS: recover,
      lost: 0,
    });
  });

  it('embedded PostgreSQL SIGKILL during a backup: 503s in Portuguese, the backup marked failed', async () => {
    let backup: Promise<unknown> = Promise.resolve();
    await databaseFault('PostgreSQL embutido morto (SIGKILL) durante um backup', async () => {
      backup = call(system.apiUrl, '/api/backup/run', { token: s.admin, method: 'POST' }).catch(
        (err: unknown) => err,
      );
      // The dump is under way once its file exists in DATA_DIR/backups.
      await waitFor(
        () => readdirSync(`${system.dataDir}/backups`).length > 0,
        10_000,
        () => 'o backup não começou',
      );
    });
    await backup;
    const list = await call<{ data: { status: string; error?: string | null }[] }>(
      system.apiUrl,
      '/api/backup/list',
      { token: s.admin },
    );
    expect(list.data.some((b) => b.status === 'failed')).toBe(true);
    expect(list.data.some((b) => b.status === 'running')).toBe(false);
  });

  it('embedded PostgreSQL SIGKILL during ingestion: no deal lost, no connection dropped', async () => {
    await databaseFault(
      'PostgreSQL embutido morto (SIGKILL) durante a ingestão de deals',
      async () => {
        // Deals in flight: the terminal holds some the server has not stored yet.
        await waitFor(
          async () =>
            (await checkLedger(system.databaseUrl(), system.dealsFile)).missing.length > 0,
          60_000,
          () => 'o terminal não fez deals novos',
        );
      },
    );
  });

  it('Redis stopped and started: the instance serves its own agent and browser, then heals', async () => {
    const connections = agentConnections(system);
    const probing = startProbing(system.apiUrl, s.trader);
    await system.redis.stop();
    const stopped = Date.now();
    // Events still reach the trader's browser from this instance's own agent.
    await s.live.waitFor((m) => m.type === 'account_snapshot', stopped, 30_000);
    await system.redis.start();
    const back = Date.now();
    await whole(system, s, back);
    const summary = await probing.stop();
    expect(summary.bad).toEqual([]);
    expect(agentConnections(system)).toBe(connections);
    expectNoOtherExit(system);
    record({
      fault: 'Redis parado e reiniciado',
      seen: `${summary.total} leituras, todas 200; eventos ao vivo seguem na instância; limites de taxa não contados`,
      recoverS: (Date.now() - back) / 1000,
      lost: 0,
    });
  });

  it('stores every deal the terminal made, each exactly once', async () => {
    expect(await expectLedgerWhole(system)).toBe(0);
  });
});
