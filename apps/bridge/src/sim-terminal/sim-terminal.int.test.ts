import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../agent/server-process.js';
import { LedgerServer } from './ledger-server.js';
import {
  AGENT_MAIN,
  readDeals,
  startNode,
  TERMINAL_MAIN,
  until,
  type Proc,
} from './test-processes.js';

/**
 * The fault topology of a real MT5, with the simulator in its place: the built sim terminal
 * (dist/sim-terminal-main.js) and the built agent (dist/main.js --adapter ea) as two processes,
 * and a server that stores deals once per ticket. Build first: `npm run build -w @vortex/bridge`.
 *
 * The agent beats every 10 s and the EA retries every 3 s, so each test takes about a minute.
 */
const TOKEN = 'token-de-pareamento-de-teste-0123456789';
// 50,000 times the wall clock: a trading day every two seconds, so deals keep coming.
const TERMINAL_ARGS = ['--seed', 'falhas', '--speed', '50000', '--history-days', '10'];

let dir: string;
let server: LedgerServer;
let port: number;
const procs: Proc[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-sim-terminal-'));
  server = await LedgerServer.start();
  port = await freePort();
});
afterEach(async () => {
  for (const p of procs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function start(script: string, args: string[], log: string): Proc {
  const proc = startNode(script, args, path.join(dir, log));
  procs.push(proc);
  return proc;
}

const startTerminal = (dealsFile: string) =>
  start(
    TERMINAL_MAIN,
    ['--ea-port', String(port), ...TERMINAL_ARGS, '--beat-ms', '1000', '--deals-file', dealsFile],
    'terminal.log',
  );
const startAgent = () =>
  start(
    AGENT_MAIN,
    ['--server', server.url, '--token', TOKEN, '--adapter', 'ea', '--ea-port', String(port)].concat(
      ['--state-dir', path.join(dir, 'agent')],
    ),
    'agent.log',
  );

describe('the sim terminal as its own process, in front of the real agent', () => {
  it('keeps every deal, once, across a SIGKILL of the agent mid-stream', async () => {
    const file = path.join(dir, 'deals.json');
    const terminal = startTerminal(file);
    let agent = startAgent();
    await until('the first deals stored', () => server.stored().length > 0, procs);

    // Stored but never acknowledged: the agent cannot know the server has these.
    server.holdAcks = true;
    await until('a batch stored without its ack', () => server.unacked > 0, procs);
    agent.child.kill('SIGKILL');
    expect(await agent.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const atKill = readDeals(file).length;
    // The market goes on trading with no agent, as a real terminal does.
    await until('deals made while the agent is dead', () => readDeals(file).length > atKill, [
      terminal,
    ]);
    server.holdAcks = false;
    const beforeRestart = readDeals(file).length;
    expect(server.stored().length).toBeLessThan(beforeRestart);

    agent = startAgent();
    await until(
      'the deals made before the restart stored',
      () => server.stored().length >= beforeRestart,
      procs,
    );
    // Stopped, the terminal's history is final: everything in it was sent to the agent.
    terminal.child.kill('SIGTERM');
    expect(await terminal.exited).toEqual({ code: 0, signal: null });
    const made = readDeals(file);
    await until(
      'every deal the terminal made stored',
      () => server.stored().length >= made.length,
      [agent],
    );

    expect(server.stored()).toEqual(made);
    expect(server.conflicts).toEqual([]);
    expect(server.invalid).toEqual([]);
    expect(made.map((d) => d.ticket)).toEqual(made.map((_, i) => i + 1));
  }, 240_000);

  it('lets the agent report MT5 down, then up, when the terminal is killed and restarted', async () => {
    const file = path.join(dir, 'deals.json');
    let terminal = startTerminal(file);
    const agent = startAgent();
    const up = () => server.beats.indexOf(true);
    await until('a heartbeat with MT5 alive', () => up() >= 0, procs);

    terminal.child.kill('SIGKILL');
    await terminal.exited;
    await until('a heartbeat with MT5 down', () => server.beats.lastIndexOf(false) > up(), [agent]);
    const down = server.beats.lastIndexOf(false);

    terminal = startTerminal(file);
    await until('a heartbeat with MT5 alive again', () => server.beats.lastIndexOf(true) > down, [
      agent,
      terminal,
    ]);
    expect(agent.child.exitCode).toBe(null);
    expect(agent.child.signalCode).toBe(null);
  }, 240_000);
});
