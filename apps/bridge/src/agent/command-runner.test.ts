import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { CommandJournal } from './command-journal.js';
import { CommandRunner, type CommandMessage } from './command-runner.js';
import { commandMessages } from './messages.js';
import type { CommandOutcome } from './mt5-source.js';

const NOW = Date.parse('2025-11-19T17:00:00Z');
const buy: Command = {
  kind: 'place_order',
  symbol: 'WINZ25',
  side: 'buy',
  order_type: 'market',
  volume: 1,
  sl: 0,
  tp: 0,
  magic: 7,
  comment: '',
};
const message = (
  command: Command,
  expiresAt = NOW + 30_000,
  id = randomUUID(),
): CommandMessage => ({
  type: 'command',
  command_id: id,
  expires_at: expiresAt,
  command,
});

/** A terminal that counts what reaches it; `gate` holds executions until released. */
function countingTerminal() {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  return {
    calls,
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release: () => release(),
    execute: async (command: Command, id: string): Promise<CommandOutcome> => {
      calls.push(id);
      await gate;
      return {
        ok: true,
        retcode: 10009,
        message: `feito ${command.kind}`,
        data: { deal: calls.length },
      };
    },
  };
}

async function setup() {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'runner-')), 'commands.json');
  const terminal = countingTerminal();
  const runner = new CommandRunner(new CommandJournal(file), terminal, () => NOW);
  return { file, terminal, runner };
}

describe('CommandRunner', () => {
  it('executes a command id once and answers a redelivery with the same result', async () => {
    const { terminal, runner } = await setup();
    const m = message(buy);
    const first = await runner.run(m);
    const again = await runner.run(m);
    expect(first).toEqual({
      ok: true,
      retcode: 10009,
      message: 'feito place_order',
      data: { deal: 1 },
    });
    expect(again).toEqual(first);
    expect(terminal.calls).toEqual([m.command_id]);
  });

  it('shares one execution between deliveries that arrive while it runs', async () => {
    const { terminal, runner } = await setup();
    terminal.hold();
    const m = message(buy);
    const both = Promise.all([runner.run(m), runner.run(m)]);
    terminal.release();
    const [a, b] = await both;
    expect(a).toEqual(b);
    expect(terminal.calls).toHaveLength(1);
  });

  it('answers from disk after a restart instead of executing again', async () => {
    const { file, terminal, runner } = await setup();
    const m = message(buy);
    const before = await runner.run(m);
    const restarted = new CommandRunner(new CommandJournal(file), terminal, () => NOW);
    expect(await restarted.run(m)).toEqual(before);
    expect(terminal.calls).toHaveLength(1);
  });

  it('never retries a command a crash cut short: its outcome is unknown', async () => {
    const { file, terminal } = await setup();
    const m = message(buy);
    await new CommandJournal(file).begin(m.command_id);
    const restarted = new CommandRunner(new CommandJournal(file), terminal, () => NOW);
    expect(await restarted.run(m)).toEqual({ ok: false, message: commandMessages.interrupted });
    expect(terminal.calls).toEqual([]);
  });

  it('refuses an expired command without touching the terminal', async () => {
    const { terminal, runner } = await setup();
    expect(await runner.run(message(buy, NOW - 1))).toEqual({
      ok: false,
      message: 'Comando expirado.',
    });
    expect(terminal.calls).toEqual([]);
  });

  it('runs subscribe_bars on every delivery, since it changes nothing on the account', async () => {
    const { terminal, runner } = await setup();
    const m = message({ kind: 'subscribe_bars', symbol: 'WINZ25', timeframe: 'M1' });
    await runner.run(m);
    await runner.run(m);
    expect(terminal.calls).toHaveLength(2);
  });

  it('turns a terminal that throws into a failed result', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'runner-')), 'commands.json');
    const broken = {
      execute: async (): Promise<CommandOutcome> => {
        throw new Error('socket fechado');
      },
    };
    const runner = new CommandRunner(new CommandJournal(file), broken, () => NOW);
    expect(await runner.run(message(buy))).toEqual({
      ok: false,
      message: 'Falha ao executar o comando: socket fechado',
    });
  });
});
