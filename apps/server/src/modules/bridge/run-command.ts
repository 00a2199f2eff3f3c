import { mt5Messages, type Command } from '@vortex/core';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AgentRegistry, CommandReply } from './agent-registry.js';
import { finishCommand, insertCommand } from './commands.repo.js';

export const COMMAND_TTL_MS = 20_000;

export type CommandOutcome = CommandReply & { offline?: true };

/**
 * Sends one command to the user's agent and waits for its result. Each command has its own id
 * and an expiry: the agent runs it at most once and refuses it once expired, so a command lost
 * with a connection is never replayed by us.
 */
export async function runCommand(
  deps: { pool: pg.Pool; agents: AgentRegistry },
  userId: number,
  command: Command,
  ttlMs = COMMAND_TTL_MS,
): Promise<CommandOutcome> {
  const agent = deps.agents.of(userId);
  if (!agent) return { ok: false, message: mt5Messages.bridgeOffline, offline: true };
  const id = randomUUID();
  const expiresAt = Date.now() + ttlMs;
  await insertCommand(deps.pool, { id, userId, command, expiresAt: new Date(expiresAt) });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CommandReply>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, message: mt5Messages.timeout }), ttlMs);
  });
  const reply = await Promise.race([
    agent
      .command(id, command, expiresAt)
      .catch((): CommandReply => ({ ok: false, message: mt5Messages.timeout })),
    timeout,
  ]);
  clearTimeout(timer);
  await finishCommand(deps.pool, id, {
    status: reply.ok ? 'done' : reply.message === mt5Messages.timeout ? 'expired' : 'failed',
    retcode: reply.retcode,
    message: reply.message,
  });
  return reply;
}
