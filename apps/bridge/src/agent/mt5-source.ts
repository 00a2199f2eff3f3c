import type {
  Bar,
  Command,
  Mt5Account,
  Mt5Deal,
  Mt5HistoryOrder,
  Mt5Order,
  Mt5Position,
  SymbolDigits,
  SymbolSpec,
  TIMEFRAMES,
} from '@vortex/core';

export interface TerminalInfo {
  account_number: number;
  server: string;
  company: string;
  currency: string;
  margin_mode: 'netting' | 'hedging';
  trade_mode: 'real' | 'demo';
  /** The symbols it offers to trade, when it can say (the server refuses a bot on another). */
  symbols?: string[];
  /** SYMBOL_DIGITS of the symbols it trades, when it can say (the statement writes prices so). */
  symbol_digits?: SymbolDigits[];
  /** Each symbol's contract (tick size and value, volumes), when it can say: the bot values by it. */
  symbol_specs?: SymbolSpec[];
}

export type Timeframe = (typeof TIMEFRAMES)[number];

/** A command's answer: the `command_result` message without its type and id. */
export interface CommandOutcome {
  ok: boolean;
  retcode?: number;
  message: string;
  data?: Record<string, unknown>;
}

/** What the agent needs from an MT5 terminal, whatever sits behind it (the simulator or the EA). */
export interface Mt5Source {
  terminal(): TerminalInfo;
  /** Brings the terminal up to now; returns deals with tickets above `afterTicket`. */
  poll(afterTicket: number): Mt5Deal[];
  account(): Mt5Account;
  positions(): Mt5Position[];
  orders(): Mt5Order[];
  /**
   * History orders done at or after `sinceDoneMsc` (epoch ms), when the terminal can say; a
   * source without them (an older EA) leaves the statement to rebuild orders from deals.
   */
  historyOrders?(sinceDoneMsc: number): Mt5HistoryOrder[];
  alive(): boolean;
  /** Runs one server command on the terminal; never rejects (a failure is an outcome). */
  execute(command: Command, commandId: string): Promise<CommandOutcome>;
  /** Closed bars with `time` > `afterTime` (epoch s), at most the newest `limit`, oldest first. */
  bars(symbol: string, timeframe: Timeframe, afterTime: number, limit: number): Bar[];
}
