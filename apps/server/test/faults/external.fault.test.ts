import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The same system on an external PostgreSQL (DATABASE_URL) that an operator restarts under it:
 * the server has nothing to supervise, it waits with pt-BR 503s and takes up again by itself.
 */
let system: FaultSystem;
let s: Session;

beforeAll(async () => {
  system = await FaultSystem.create({ database: 'external', simSpeed: 60, historyDays: 2 });
  s = await bringUp(system);
}, 240_000);
afterAll(async () => {
  // Whatever beforeAll got to start, even when it failed half way.
  await (s as Session | undefined)?.live.close();
  await (system as FaultSystem | undefined)?.close();
});

describe('the server outlives an external PostgreSQL restart', () => {
  it('answers 503 in Portuguese while it is down and resumes everything once it is back', async () => {
    const connections = agentConnections(system);
    const liveDrops = s.live.drops.length;
    // Deals in flight when the database goes.
    await waitFor(
      async () => (await checkLedger(system.databaseUrl(), system.dealsFile)).missing.length > 0,
      60_000,
      () => 'o terminal não fez deals novos',
    );
    const probing = startProbing(system.apiUrl, s.trader);
    const stopped = Date.now();
    await system.externalPg?.stop();
    // Down long enough for the screens to ask several times.
    await waitFor(
      async () => (await fetch(`${system.apiUrl}/health`)).status === 503,
      10_000,
      () => '/health não disse que o banco caiu',
    );
    await waitFor(
      () => {
        const seen = probing.seen();
        return seen.filter((p) => p.status === 503).length >= 60;
      },
      30_000,
      () => 'as telas não receberam 503',
    );
    await system.startExternalPg();
    const back = Date.now();
    await waitFor(
      async () => (await fetch(`${system.apiUrl}/health`)).ok,
      30_000,
      () => system.server.tail(),
    );
    const r = await whole(system, s, back);
    const summary = await probing.stop();
    expect(summary.bad).toEqual([]);
    expect(agentConnections(system)).toBe(connections);
    expect(s.live.drops.length).toBe(liveDrops);
    expectNoOtherExit(system);
    record({
      fault: 'PostgreSQL externo reiniciado',
      seen: `${describeOutage(summary)}; bridge e canal ao vivo seguem conectados`,
      awayMs: back - stopped,
      bridgeMs: r.bridge - back,
      allMs: r.all - back,
      lost: 0,
    });
  });

  it('stores every deal the terminal made, each exactly once', async () => {
    expect(await expectLedgerWhole(system)).toBe(0);
  });
});
