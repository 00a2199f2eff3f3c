import type { Bar, ServerMessage } from '@vortex/core';
import type { TestAgent } from './agent-client.js';
import { waitUntil } from './wait.js';

export type Command = Extract<ServerMessage, { type: 'command' }>;

/** The next command the server sends the agent, answered as the terminal would (or refused). */
export async function nextCommand(
  a: TestAgent,
  timeoutMs = 10_000,
  answer: { ok: boolean; message: string } = { ok: true, message: 'ok' },
): Promise<Command> {
  for (;;) {
    const m = await a.next(timeoutMs);
    if (m.type !== 'command') continue;
    const data = m.command.kind === 'place_order' ? { deal: 1, order: 1 } : undefined;
    a.send({ type: 'command_result', command_id: m.command_id, ...answer, data });
    return m;
  }
}

/** M1 bars closing at `closes`, each opening at the previous close, 10 points of wick. */
export function barsOf(from: number, closes: number[], start: number): Bar[] {
  return closes.map((close, i) => {
    const open = i === 0 ? start : (closes[i - 1] as number);
    return {
      time: from + 60 * i,
      open,
      high: Math.max(open, close) + 10,
      low: Math.min(open, close) - 10,
      close,
      tick_volume: 1,
      volume: 1,
    };
  });
}

// di_crossover's scenario (strategies.test.ts): 60 bars sliding, then 40 rallying.
export const slide = Array.from({ length: 60 }, (_, i) => 120_000 - 20 * (i + 1));
export const rally = Array.from({ length: 40 }, (_, i) => 118_800 + 60 * (i + 1));

/**
 * Polls until `ready` holds, for what the server does after it answers; throws after `timeoutMs`.
 * The deadline is generous (a loaded 2-core CI machine took over 5 s to deliver a queued message)
 * and below the integration tier's 30 s test timeout, so a wait that never ends fails as itself.
 */
export async function eventually(
  ready: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
): Promise<void> {
  await waitUntil(ready, 'eventually: not ready', { timeoutMs, intervalMs: 25 });
}
