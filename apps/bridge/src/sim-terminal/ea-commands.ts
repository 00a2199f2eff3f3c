import type { Command } from '@vortex/core';
import { z } from 'zod';
import type { BarStreams } from '../agent/bar-streams.js';
import { EA_ERRORS, parseEaCommand, type EaCommandResultSchema } from '../ea/ea-protocol.js';
import type { SimMarket } from './sim-market.js';

export type EaCommandResult = z.input<typeof EaCommandResultSchema>;
type EaError = (typeof EA_ERRORS)[number];

const result = (command_id: string, ok: boolean, message: string): EaCommandResult => ({
  type: 'command_result',
  command_id,
  ok,
  message,
});

const failure = (command_id: string, error: EaError, detail: string): EaCommandResult => ({
  ...result(command_id, false, detail),
  error,
});

/** The command id of a line that failed to parse, so the agent still gets its answer. */
const idOf = (raw: unknown): string | undefined => {
  const parsed = z.object({ command_id: z.string() }).safeParse(raw);
  return parsed.success ? parsed.data.command_id : undefined;
};

async function trade(market: SimMarket, id: string, c: Command): Promise<EaCommandResult> {
  const outcome = await market.source.execute(c, id);
  // Like the EA's ReplyTrade: no retcode means the request never reached the trade server.
  if (outcome.retcode === undefined) return failure(id, 'terminal_error', outcome.message);
  return {
    ...result(id, outcome.ok, outcome.message),
    retcode: outcome.retcode,
    ...(outcome.data === undefined ? {} : { data: outcome.data }),
  };
}

/**
 * Runs one `command` line as VortexBridge.mq5's HandleCommand does: the checks the EA makes
 * before a request reaches the trade server (symbol, ticket, kind) answer with an EA error code;
 * the rest goes to the simulator and answers with its retcode. Undefined: no id to answer to.
 */
export async function runEaCommand(
  market: SimMarket,
  bars: BarStreams,
  raw: unknown,
): Promise<EaCommandResult | undefined> {
  let parsed;
  try {
    parsed = parseEaCommand(raw);
  } catch (err) {
    const id = idOf(raw);
    const detail = err instanceof z.ZodError ? z.prettifyError(err) : String(err);
    return id === undefined ? undefined : failure(id, 'bad_command', detail.slice(0, 500));
  }
  const { command_id: id, command: c } = parsed;
  const isOrder = (ticket: number) => market.source.orders().some((o) => o.order === ticket);
  const isPosition = (ticket: number) => market.source.positions().some((p) => p.ticket === ticket);
  switch (c.kind) {
    case 'place_order':
      if (c.symbol !== market.symbol) return failure(id, 'unknown_symbol', c.symbol);
      return trade(market, id, c);
    case 'modify_order':
      if (isOrder(c.ticket)) return trade(market, id, c);
      if (!isPosition(c.ticket)) return failure(id, 'not_found', '');
      if (c.price !== undefined) {
        return failure(id, 'bad_command', 'a position has no price to modify');
      }
      return trade(market, id, c);
    case 'cancel_order':
      return isOrder(c.ticket) ? trade(market, id, c) : failure(id, 'not_found', '');
    case 'close_position':
      return isPosition(c.ticket) ? trade(market, id, c) : failure(id, 'not_found', '');
    case 'subscribe_bars':
      if (c.symbol !== market.symbol) return failure(id, 'unknown_symbol', c.symbol);
      // Subscribing again restarts the feed from its history, as in the EA.
      bars.subscribe(c.symbol, c.timeframe);
      return result(id, true, '');
    default:
      // The EA knows no account commands: the agent answers mt5_login itself.
      return failure(id, 'bad_command', `unknown kind ${c.kind}`);
  }
}
