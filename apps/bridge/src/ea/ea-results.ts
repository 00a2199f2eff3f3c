import type { Command } from '@vortex/core';
import { commandMessages, retcodeMessage, SUCCESS_RETCODES } from '../agent/messages.js';
import type { CommandOutcome } from '../agent/mt5-source.js';
import type { EaMessage } from './ea-protocol.js';

type EaResult = Extract<EaMessage, { type: 'command_result' }>;

function errorText(
  error: NonNullable<EaResult['error']>,
  command: Command,
  detail: string,
): string {
  switch (error) {
    case 'unknown_symbol':
      return commandMessages.unknownSymbol('symbol' in command ? command.symbol : '?');
    case 'not_found':
      return commandMessages.notFound('ticket' in command ? command.ticket : 0);
    case 'bad_command':
      return commandMessages.eaBadCommand;
    case 'terminal_error':
      return commandMessages.terminalError(detail);
  }
}

/** The EA's answer as the agent reports it: pt-BR text, success decided by the retcode. */
export function outcomeOf(r: EaResult, command: Command): CommandOutcome {
  // MT5's own word on a trade request is its retcode; 10008/10009/10010 are the successes.
  const ok = r.retcode === undefined ? r.ok : SUCCESS_RETCODES.has(r.retcode);
  let message: string;
  if (r.retcode !== undefined) message = retcodeMessage(r.retcode, r.message);
  else if (r.error) message = errorText(r.error, command, r.message);
  else if (ok && command.kind === 'subscribe_bars') {
    message = commandMessages.subscribed(command.symbol, command.timeframe);
  } else message = r.message || (ok ? commandMessages.eaDone : commandMessages.eaFailed);
  return {
    ok,
    message,
    ...(r.retcode === undefined ? {} : { retcode: r.retcode }),
    ...(r.data === undefined ? {} : { data: r.data }),
  };
}
