import pg from 'pg';
import { expect } from 'vitest';
import { currentWinSymbol } from '@vortex/core';
import { ADMIN, SESSION_START, TRADER, waitFor, type FaultSystem } from './fault-system.js';
import { approvedTrader, botStatus, bridgeConnected, call, login, startBot } from './api.js';
import { Child } from './child.js';
import { checkLedger, terminalDeals } from './ledger.js';
import { LiveWatch } from './live-watch.js';
import type { ProbeSummary } from './route-probe.js';
import { z } from 'zod';
import { oneRow } from '../../src/db/rows.js';

/** The agent's connections so far: it logs one line each time the server resumes it. */
export function agentConnections(system: FaultSystem): number {
  return (system.agent.log().match(/^(Conectado|Reconectado)\b.*: conta \d+/gm) ?? []).length;
}

/** What the trader and the admin hold through the faults. */
export interface Session {
  admin: string;
  trader: string;
  live: LiveWatch;
}

/** Pairs the agent, fills the history, opens the trader's live channel and starts the bot. */
export async function bringUp(system: FaultSystem): Promise<Session> {
  await system.startServer();
  const admin = await login(system.apiUrl, ADMIN);
  const trader = await approvedTrader(system.apiUrl, admin, TRADER);
  system.pairingToken = (
    await call<{ token: string }>(system.apiUrl, '/bridge/token/create', {
      token: trader,
      body: { label: 'falhas' },
    })
  ).token;
  system.terminal.start();
  system.agent.start();
  await waitFor(
    () => bridgeConnected(system.apiUrl, trader),
    60_000,
    () => `a bridge não conectou:\n${system.agent.tail()}\n${system.terminal.tail()}`,
  );
  // The history is in once the server holds what the terminal had made by then.
  await waitFor(
    async () => {
      const made = terminalDeals(system.dealsFile).length;
      const c = await checkLedger(system.databaseUrl(), system.dealsFile);
      return made > 0 && c.stored >= made - 5;
    },
    120_000,
    () => `o histórico não chegou:\n${system.agent.tail()}`,
  );
  const live = new LiveWatch(() => system.apiUrl, trader);
  await live.open();
  // The contract the terminal trades at its simulated session.
  await startBot(system.apiUrl, trader, currentWinSymbol(Date.parse(SESSION_START)));
  return { admin, trader, live };
}

/** Only the processes a fault killed may have exited; every other one is still running. */
export function expectNoOtherExit(system: FaultSystem): void {
  expect(Child.unexpected, 'processos que saíram sem que o teste os matasse').toEqual([]);
  for (const c of [system.server, system.agent, system.terminal])
    expect(c.running, `${c.name} deveria estar rodando`).toBe(true);
}

/** When the server last stored the agent's account figures, epoch ms (0 before any). */
async function accountStoredAt(databaseUrl: string): Promise<number> {
  const client = new pg.Client(databaseUrl);
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { at } = await oneRow(
      client,
      z.object({ at: z.date().nullable() }),
      'SELECT max(account_at) AS at FROM mt5_accounts',
    );
    return at?.getTime() ?? 0;
  } finally {
    await client.end();
  }
}

/** When, epoch ms, the system was whole again after a fault. */
export interface Recovery {
  /** The bridge connected and the bot running (not waiting for it). */
  bridge: number;
  /** And the bot fed anew (its bars arrive) and the live channel hearing the bridge. */
  all: number;
}

/**
 * The agent connected and the bot running again, then the bot fed (the bars it subscribed to
 * arrive anew), the live channel hearing the bridge and the agent's account figures stored anew
 * (its heartbeat batch written again); those come with the agent's 10 s beat, so `all` trails
 * `bridge` by up to a beat. A flat account's figures do not change, so no `account_snapshot`
 * event need come: the stored report time is what proves the beat got through.
 */
export async function whole(system: FaultSystem, s: Session, since: number): Promise<Recovery> {
  await waitFor(
    () => bridgeConnected(system.apiUrl, s.trader),
    20_000,
    () => `a bridge não voltou em 20 s:\n${system.agent.tail()}`,
  );
  await waitFor(
    async () => {
      const st = await botStatus(system.apiUrl, s.trader);
      return st.bot_active && !st.paused;
    },
    20_000,
    () => 'o robô não retomou',
  );
  const bridge = Date.now();
  await s.live.waitFor((m) => m.type === 'bars_added', since, 25_000);
  await waitFor(
    async () => (await accountStoredAt(system.databaseUrl())) >= since,
    25_000,
    () => `os números da conta não foram gravados de novo:\n${system.server.tail()}`,
  );
  return { bridge, all: Date.now() };
}

/** A summary of the answers seen while the database was away, for the table. */
export function describeOutage(p: ProbeSummary): string {
  const n503 = p.byStatus['503'] ?? 0;
  const text = p.texts[0] ? ` '${p.texts[0]}'` : '';
  return `${p.total} leituras: ${p.byStatus['200'] ?? 0} × 200, ${n503} × 503${text}, 0 × 500 (mais lenta ${p.slowestMs} ms)`;
}

/** After the terminal's last deal: the server holds each of its deals exactly once. */
export async function expectLedgerWhole(system: FaultSystem): Promise<number> {
  await system.terminal.kill('SIGTERM');
  let last = await checkLedger(system.databaseUrl(), system.dealsFile);
  await waitFor(
    async () => {
      last = await checkLedger(system.databaseUrl(), system.dealsFile);
      return last.missing.length === 0;
    },
    60_000,
    () => `deals perdidos: ${JSON.stringify({ ...last, missing: last.missing.slice(0, 20) })}`,
  );
  expect(last.terminal).toBeGreaterThan(0);
  expect(last.doubled).toEqual([]);
  expect(last.extra).toEqual([]);
  expect(last.different).toEqual([]);
  expect(last.stored).toBe(last.terminal);
  return last.missing.length;
}
