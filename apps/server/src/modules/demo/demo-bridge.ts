import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { newToken } from '../../lib/tokens.js';
import { insertBridgeToken } from '../bridge/bridge-tokens.repo.js';
import { PAIRING_TOKEN_TTL_MS } from '../bridge/pairing.service.js';

export interface DemoBridgeOptions {
  pool: pg.Pool;
  userId: number;
  bridgeMain: string;
  apiUrl: string;
  stateDir: string;
  env: DemoSimEnv;
  log: FastifyBaseLogger;
}

/** The SIM_* variables the demo's agent reads (see the bridge's main.ts). */
export type DemoSimEnv = Partial<Record<(typeof SIM_VARIABLES)[number], string | undefined>>;
const SIM_VARIABLES = [
  'SIM_SPEED',
  'SIM_HISTORY_DAYS',
  'SIM_MARGIN_MODE',
  'SIM_CURRENCY',
  'SIM_DEAL_FEE',
  'SIM_BALANCE_OPS',
] as const;

/** The demo simulator's settings from the configuration, as the agent's environment. */
export function demoSimEnv(sim: {
  speed?: string | undefined;
  historyDays?: string | undefined;
  marginMode?: string | undefined;
  currency?: string | undefined;
  dealFee?: string | undefined;
  balanceOps?: string | undefined;
}): DemoSimEnv {
  const values = [
    sim.speed,
    sim.historyDays,
    sim.marginMode,
    sim.currency,
    sim.dealFee,
    sim.balanceOps,
  ];
  // Only what was set: the agent's own defaults stand for the rest.
  const env: DemoSimEnv = {};
  SIM_VARIABLES.forEach((name, i) => {
    const value = values[i];
    if (value !== undefined) env[name] = value;
  });
  return env;
}

/**
 * Demo mode: the real agent, as its own process on the simulated MT5, paired to the demo trader.
 * It pairs once with a token issued here, then resumes with its saved session on later starts;
 * it leaves by itself when this server goes away (the IPC channel closes).
 */
export async function startDemoBridge(o: DemoBridgeOptions): Promise<() => Promise<void>> {
  if (!existsSync(o.bridgeMain)) {
    o.log.warn(`Agente da bridge não construído em ${o.bridgeMain}; modo demo sem bridge.`);
    return async () => undefined;
  }
  const args = ['--server', o.apiUrl, '--state-dir', o.stateDir, '--adapter', 'sim'];
  // Through the environment, never argv: any user of the machine can read a command line (ps),
  // only this user can read a process's environment.
  const pairing: { VORTEX_BRIDGE_TOKEN?: string } = {};
  if (!existsSync(path.join(o.stateDir, 'session.json'))) {
    const { token, hash } = newToken();
    await insertBridgeToken(o.pool, {
      hash,
      prefix: token.slice(0, 8),
      userId: o.userId,
      label: 'demo',
      expiresAt: new Date(Date.now() + PAIRING_TOKEN_TTL_MS),
    });
    pairing.VORTEX_BRIDGE_TOKEN = token;
  }
  const child: ChildProcess = fork(o.bridgeMain, args, {
    env: { ...process.env, ...o.env, ...pairing, SIM_SEED: 'vortex-demo' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) o.log.info({ bridge: 'demo' }, line);
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  child.on('exit', (code) => o.log.info(`Bridge demo encerrada (código ${code})`));
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  };
}
