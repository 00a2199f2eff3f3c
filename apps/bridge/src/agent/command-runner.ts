import type { ServerMessage } from '@vortex/core';
import type { CommandJournal } from './command-journal.js';
import { commandMessages } from './messages.js';
import type { CommandOutcome, Mt5Source } from './mt5-source.js';

export type CommandMessage = Extract<ServerMessage, { type: 'command' }>;

/** The protocol caps `command_result.message`. */
const MAX_MESSAGE = 500;

/**
 * Runs server commands at most once: an expired command is refused, one seen before is answered
 * from the journal, and a new one is journaled before it reaches the terminal, so not even a
 * crash halfway makes it run twice. subscribe_bars changes nothing on the account and is run
 * again on every delivery, which also restarts its stream after a restart of the agent.
 */
export class CommandRunner {
  private readonly running = new Map<string, Promise<CommandOutcome>>();

  constructor(
    private readonly journal: CommandJournal,
    private readonly source: Pick<Mt5Source, 'execute'>,
    /** The server's clock, epoch ms, which `expires_at` is measured by. */
    private readonly now: () => number,
  ) {}

  run(m: CommandMessage): Promise<CommandOutcome> {
    // The same id arriving while it still runs shares that run and its answer.
    const running = this.running.get(m.command_id);
    if (running) return running;
    const run = this.decide(m).then(clip);
    this.running.set(m.command_id, run);
    void run.finally(() => this.running.delete(m.command_id));
    return run;
  }

  private async decide(m: CommandMessage): Promise<CommandOutcome> {
    const known = this.journal.get(m.command_id);
    if (known !== undefined) return known ?? { ok: false, message: commandMessages.interrupted };
    if (m.expires_at < this.now()) return { ok: false, message: commandMessages.expired };
    if (m.command.kind === 'subscribe_bars') return this.execute(m);
    await this.journal.begin(m.command_id);
    const result = await this.execute(m);
    await this.journal.finish(m.command_id, result);
    return result;
  }

  private async execute(m: CommandMessage): Promise<CommandOutcome> {
    try {
      return await this.source.execute(m.command, m.command_id);
    } catch (err) {
      return {
        ok: false,
        message: commandMessages.failed(err instanceof Error ? err.message : String(err)),
      };
    }
  }
}

function clip(o: CommandOutcome): CommandOutcome {
  return o.message.length <= MAX_MESSAGE ? o : { ...o, message: o.message.slice(0, MAX_MESSAGE) };
}
