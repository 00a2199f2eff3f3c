import { mt5Messages, type Command } from '@vortex/core';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AgentRegistry, CommandReply } from './agent-registry.js';
import { finishCommand, insertCommand } from './commands.repo.js';

export const COMMAND_TTL_MS = 20_000;

export type CommandOutcome = CommandReply & { offline?: true };

type CommandDeps = { pool: pg.Pool; agents: AgentRegistry };

/**
 * Sends one command to the user's agent and waits for its result. Each command has its own id
 * and an expiry: the agent runs it at most once and refuses it once expired, so a command lost
 * with a connection is never replayed by us.
 */
export async function runCommand(
  deps: CommandDeps,
  userId: number,
  command: Command,
  ttlMs = COMMAND_TTL_MS,
): Promise<CommandOutcome> {
  return (await startCommand(deps, userId, command, ttlMs)).outcome;
}

/**
 * Records the command and hands it to the user's agent, then returns; `outcome` settles with
 * its result (as runCommand's), for a caller that answers before the agent does.
 */
export async function startCommand(
  deps: CommandDeps,
  userId: number,
  command: Command,
  ttlMs = COMMAND_TTL_MS,
): Promise<{ outcome: Promise<CommandOutcome> }> {
  const agent = deps.agents.of(userId);
  if (!agent) {
    return {
      outcome: Promise.resolve({
        ok: false,
        message: deps.agents.unreachable() ?? mt5Messages.bridgeOffline,
        offline: true,
      }),
    };
  }
  const id = randomUUID();
  const expiresAt = Date.now() + ttlMs;
  await insertCommand(deps.pool, { id, userId, command, expiresAt: new Date(expiresAt) });
  const sent = agent
    .command(id, command, expiresAt)
    .catch((): CommandReply => ({ ok: false, message: mt5Messages.timeout }));
  return { outcome: settle(deps.pool, id, sent, ttlMs) };
}

async function settle(
  pool: pg.Pool,
  id: string,
  sent: Promise<CommandReply>,
  ttlMs: number,
): Promise<CommandOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CommandReply>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, message: mt5Messages.timeout }), ttlMs);
  });
  const reply = await Promise.race([sent, timeout]);
  clearTimeout(timer);
  await finishCommand(pool, id, {
    status: reply.ok ? 'done' : reply.message === mt5Messages.timeout ? 'expired' : 'failed',
    retcode: reply.retcode,
    message: reply.message,
  });
  return reply;
}
