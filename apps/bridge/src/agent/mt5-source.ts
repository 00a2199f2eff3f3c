import type { Mt5Account, Mt5Deal, Mt5Order, Mt5Position } from '@vortex/core';

export interface TerminalInfo {
  account_number: number;
  server: string;
  company: string;
  currency: string;
  margin_mode: 'netting' | 'hedging';
  trade_mode: 'real' | 'demo';
}

/** What the agent needs from an MT5 terminal, whatever sits behind it (the simulator or the EA). */
export interface Mt5Source {
  terminal(): TerminalInfo;
  /** Brings the terminal up to now; returns deals with tickets above `afterTicket`. */
  poll(afterTicket: number): Mt5Deal[];
  account(): Mt5Account;
  positions(): Mt5Position[];
  orders(): Mt5Order[];
  alive(): boolean;
}
