/**
 * One worker process of the fleet benchmark: many real bridge agents (the bridge's own
 * `BridgeAgent`, its outbox and command runner) in one Node process, each on its own `sim`
 * terminal. Forked by fleet.bench.ts and driven over IPC: start, then drain (the simulated
 * clocks stop, every outbox empties) and report every deal each terminal produced.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Mt5Deal } from '@vortex/core';
import { BridgeAgent } from '../../apps/bridge/src/agent/agent.js';
import type { Mt5Source } from '../../apps/bridge/src/agent/mt5-source.js';
import { createSimSource } from '../../apps/bridge/src/agent/sim-source.js';

export interface FleetAgentSpec {
  apiUrl: string;
  pairingToken: string;
  accountNumber: number;
  /** A bot trades this account: the reference trader stays out of the market. */
  bot: boolean;
}

export type ToWorker =
  | {
      type: 'start';
      agents: FleetAgentSpec[];
      speed: number;
      /** Epoch ms the simulated clocks start at: a session that has not opened yet. */
      simStart: number;
      stateDir: string;
      /** Spread of the agents' starts, so their 10 s beats do not all fall together. */
      spreadMs: number;
    }
  | { type: 'drain' }
  | { type: 'stop' };

export type FromWorker =
  | { type: 'progress'; ready: number; commands: number; problems: string[] }
  | { type: 'drained'; pending: number; produced: [number, number[]][] }
  | { type: 'stopped' };

const send = (m: FromWorker) => process.send?.(m);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const HEARTBEAT_MS = 10_000;

let frozenAt: number | undefined;
const agents: BridgeAgent[] = [];
/** Per account: every deal ticket its terminal handed to the agent. */
const produced = new Map<number, Set<number>>();
const ready = new Set<number>();
let commands = 0;
const problems: string[] = [];

/** The simulator's source with a unique account number and a record of what it produced. */
function recorded(source: Mt5Source, accountNumber: number): Mt5Source {
  const mine = new Set<number>();
  produced.set(accountNumber, mine);
  return {
    ...source,
    terminal: () => ({ ...source.terminal(), account_number: accountNumber }),
    poll: (afterTicket: number): Mt5Deal[] => {
      ready.add(accountNumber);
      const deals = source.poll(afterTicket);
      for (const d of deals) mine.add(d.ticket);
      return deals;
    },
    execute: (command, id) => {
      commands++;
      return source.execute(command, id);
    },
  };
}

async function start(m: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  const offset = m.simStart - Date.now();
  // Frozen at the drain: nothing trades after it, so every deal can be counted.
  const now = () => (frozenAt ?? Date.now()) + offset;
  const gap = m.agents.length > 0 ? m.spreadMs / m.agents.length : 0;
  for (const spec of m.agents) {
    const stateDir = path.join(m.stateDir, String(spec.accountNumber));
    await mkdir(stateDir, { recursive: true });
    const sim = createSimSource({
      seed: `fleet-${spec.accountNumber}`,
      historyDays: 1,
      speed: m.speed,
      now,
      ...(spec.bot ? { trader: { firstEntryMinute: 0, lastEntryMinute: 0 } } : {}),
    });
    const agent = new BridgeAgent({
      serverUrl: spec.apiUrl,
      pairingToken: spec.pairingToken,
      stateDir,
      source: recorded(sim, spec.accountNumber),
      clientVersion: '0.1.0-fleet',
      heartbeatMs: HEARTBEAT_MS,
      log: (line) => {
        // Connection trouble is worth a line in the report; routine lines are not.
        if (/^(Erro|Falha|Desconectado|Recusad)/.test(line) && problems.length < 20)
          problems.push(`${spec.accountNumber}: ${line}`);
      },
    });
    agents.push(agent);
    await agent.start();
    await sleep(gap);
  }
}

async function drain(): Promise<void> {
  frozenAt = Date.now();
  // One beat after the freeze polls the last deals; then every outbox must empty.
  await sleep(HEARTBEAT_MS + 1_500);
  const until = Date.now() + 60_000;
  const pending = () => agents.reduce((sum, a) => sum + a.pendingDeals, 0);
  while (pending() > 0 && Date.now() < until) await sleep(250);
  send({
    type: 'drained',
    pending: pending(),
    produced: [...produced].map(([account, tickets]) => [account, [...tickets]]),
  });
}

const progress = setInterval(
  () => send({ type: 'progress', ready: ready.size, commands, problems: problems.splice(0) }),
  1_000,
);

process.on('message', (m: ToWorker) => {
  if (m.type === 'start') void start(m);
  else if (m.type === 'drain') void drain();
  else {
    clearInterval(progress);
    for (const a of agents) a.stop('fim do benchmark');
    void Promise.race([Promise.all(agents.map((a) => a.done)), sleep(10_000)]).then(() => {
      send({ type: 'stopped' });
      process.exit(0);
    });
  }
});
// The parent gone (killed, crashed): no agent outlives it.
process.on('disconnect', () => process.exit(0));
