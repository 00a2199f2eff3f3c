import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeConnected, call } from './api.js';
import { FaultSystem, waitFor } from './fault-system.js';
import { checkLedger } from './ledger.js';
import { record } from './report.js';
import { startProbing } from './route-probe.js';
import { probeHealthFor, processTree } from './health-probe.js';
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
  system = await FaultSystem.create({ database: 'embedded', simSpeed: 60, historyDays: 3 });
  s = await bringUp(system);
}, 240_000);
afterAll(async () => {
  // Whatever beforeAll got to start, even when it failed half way.
  await (s as Session | undefined)?.live.close();
  await (system as FaultSystem | undefined)?.close();
});

/** Restarts the server the way `signal` ends it; the agent and the browser must come back. */
async function serverFault(fault: string, seen: string, signal: 'SIGKILL' | 'SIGTERM') {
  const before = agentConnections(system);
  const liveDrops = s.live.drops.length;
  const t0 = Date.now();
  await system.server.kill(signal);
  await system.startServer();
  const back = Date.now();
  await waitFor(
    () => agentConnections(system) > before,
    20_000,
    () => `o agente não reconectou em 20 s:\n${system.agent.tail()}`,
  );
  const r = await whole(system, s, back);
  // The browser's channel dropped with the server and came back by itself.
  expect(s.live.drops.length).toBeGreaterThan(liveDrops);
  expect(s.live.connected).toBe(true);
  expectNoOtherExit(system);
  record({
    fault,
    seen,
    awayMs: back - t0,
    bridgeMs: r.bridge - back,
    allMs: r.all - back,
    lost: 0,
  });
}

/** Kills the embedded postmaster once `ready` holds; nothing may fail but with a pt-BR 503. */
async function databaseFault(fault: string, ready: () => Promise<void>) {
  const connections = agentConnections(system);
  const liveDrops = s.live.drops.length;
  const probing = startProbing(system.apiUrl, s.trader);
  await ready();
  process.kill(system.embeddedPostmasterPid(), 'SIGKILL');
  const killed = Date.now();
  // Down: /health says so with a 503 until the supervisor has it back.
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
  const r = await whole(system, s, back);
  const summary = await probing.stop();
  expect(summary.bad).toEqual([]);
  expect(summary.byStatus['500'] ?? 0).toBe(0);
  expect(summary.byStatus['503'] ?? 0).toBeGreaterThan(0);
  expect(agentConnections(system), 'a bridge caiu enquanto o banco estava fora').toBe(connections);
  expect(s.live.drops.length, 'o canal ao vivo caiu enquanto o banco estava fora').toBe(liveDrops);
  expectNoOtherExit(system);
  record({
    fault,
    seen: `${describeOutage(summary)}; bridge e canal ao vivo seguem conectados`,
    awayMs: back - killed,
    bridgeMs: r.bridge - back,
    allMs: r.all - back,
    lost: 0,
  });
}

describe('the system outlives each of its processes', () => {
  it('embedded PostgreSQL stopped (SIGSTOP): every /health answers 503 down within 2 s', async () => {
    // First, long after bring-up's last /health: a success under a second old is reused, and
    // would rightly answer 'up' for that second. The whole server, backends too, is stopped: a
    // hung PostgreSQL accepts connections and never answers.
    const pids = processTree(system.embeddedPostmasterPid());
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    const stopped = Date.now();
    let probes;
    try {
      // A load balancer's probes, four a second for the first 6 s: those once waited 24-30 s.
      probes = await Promise.all(await probeHealthFor(system.apiUrl, 6_000, 250));
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    const back = Date.now();
    const slowest = Math.max(...probes.map((p) => p.ms));
    expect(probes.filter((p) => p.ms >= 2_000)).toEqual([]);
    expect(probes.filter((p) => p.status !== 503 || p.state !== 'down')).toEqual([]);
    await waitFor(
      async () => (await fetch(`${system.apiUrl}/health`)).ok,
      30_000,
      () => `o banco não voltou após SIGCONT:\n${system.server.tail()}`,
    );
    await waitFor(
      () => bridgeConnected(system.apiUrl, s.trader),
      20_000,
      () => `a bridge não voltou:\n${system.agent.tail()}`,
    );
    expectNoOtherExit(system);
    record({
      fault: 'PostgreSQL embutido parado (SIGSTOP) por 6 s',
      seen: `/health: ${probes.length} sondas, todas 503 'down', a mais lenta em ${Math.round(slowest)} ms`,
      awayMs: back - stopped,
      bridgeMs: Date.now() - back,
      allMs: Date.now() - back,
      lost: 0,
    });
  });

  it('agent SIGKILL: it starts again from its outbox and reconnects', async () => {
    const before = agentConnections(system);
    const t0 = Date.now();
    await system.agent.kill('SIGKILL');
    system.agent.start();
    const back = Date.now();
    await waitFor(
      () => agentConnections(system) > before,
      20_000,
      () => system.agent.tail(),
    );
    const r = await whole(system, s, back);
    expectNoOtherExit(system);
    record({
      fault: 'Agente morto (SIGKILL) e reiniciado',
      seen: 'Bridge desconectada até o agente voltar (espera o EA reconectar, até 3 s); robô em espera; API e canal ao vivo normais',
      awayMs: back - t0,
      bridgeMs: r.bridge - back,
      allMs: r.all - back,
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
    const r = await whole(system, s, since);
    expectNoOtherExit(system);
    record({
      fault: '20 cortes do link agente ↔ servidor',
      seen: `Bridge desconectada por instantes a cada corte (o agente volta em até ${(worst / 1000).toFixed(1).replace('.', ',')} s); API e canal ao vivo normais`,
      awayMs: 0,
      bridgeMs: worst,
      allMs: r.all - since + worst,
      lost: 0,
    });
  });

  it('server SIGTERM: the agent, the live channel and the bot come back', async () => {
    await serverFault(
      'Servidor encerrado (SIGTERM) e reiniciado',
      'Pedidos em curso terminam; novos recebem 503 pt-BR até fechar; canal ao vivo e bridge reconectam sozinhos',
      'SIGTERM',
    );
  });

  it('server SIGKILL: the agent, the live channel and the bot come back', async () => {
    await serverFault(
      'Servidor morto (SIGKILL) e reiniciado',
      'Telas sem resposta até o servidor voltar; canal ao vivo e bridge reconectam sozinhos; o robô retoma sem esperar o fim do lease',
      'SIGKILL',
    );
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
    const list = await call<{ data: { status: string }[] }>(system.apiUrl, '/api/backup/list', {
      token: s.admin,
    });
    expect(list.data.map((b) => b.status)).toContain('failed');
    expect(list.data.map((b) => b.status)).not.toContain('in_progress');
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
    const t0 = Date.now();
    await system.redis.stop();
    // Events still reach the trader's browser from this instance's own agent: its bars come with
    // every beat, where an account snapshot comes only when a figure moves (a flat account's never).
    await s.live.waitFor((m) => m.type === 'bars_added', t0, 30_000);
    await system.redis.start();
    const back = Date.now();
    const r = await whole(system, s, back);
    const summary = await probing.stop();
    expect(summary.bad).toEqual([]);
    expect(agentConnections(system)).toBe(connections);
    expectNoOtherExit(system);
    record({
      fault: 'Redis parado e reiniciado',
      seen: `${summary.total} leituras, todas 200; eventos ao vivo seguem na instância; limites de taxa não contados`,
      awayMs: back - t0,
      bridgeMs: r.bridge - back,
      allMs: r.all - back,
      lost: 0,
    });
  });

  it('stores every deal the terminal made, each exactly once', async () => {
    expect(await expectLedgerWhole(system)).toBe(0);
  });
});
