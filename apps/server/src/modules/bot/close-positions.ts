import type pg from 'pg';
import type { AgentRegistry } from '../bridge/agent-registry.js';
import { runCommand } from '../bridge/run-command.js';

export interface ClosePositionsDeps {
  pool: pg.Pool;
  agents: AgentRegistry;
}

/**
 * Closes each ticket at market through the trader's bridge, one command each, and counts what
 * the terminal confirmed and what it refused (or never answered).
 */
export async function closePositions(
  deps: ClosePositionsDeps,
  userId: number,
  tickets: number[],
): Promise<{ closed: number; refused: number; replies: { ticket: number; message: string }[] }> {
  let closed = 0;
  const replies: { ticket: number; message: string }[] = [];
  // One after the other: the terminal handles one trade request at a time anyway, and a
  // failure on one ticket must not keep the others from being tried.
  for (const ticket of tickets) {
    const reply = await runCommand(deps, userId, { kind: 'close_position', ticket }).catch(
      (err: unknown) => ({ ok: false, message: err instanceof Error ? err.message : String(err) }),
    );
    if (reply.ok) closed++;
    replies.push({ ticket, message: reply.message });
  }
  return { closed, refused: tickets.length - closed, replies };
}
