import type { Mt5HistoryOrder } from '../bridge/mt5-records.schema.js';
import type { StatementAccount, StatementDeal } from './statement.types.js';

/** Monday 2026-11-16, 10:00 in São Paulo: minute 0 of the statement tests' deals. */
export const STATEMENT_T0 = Date.UTC(2026, 10, 16, 13);

/** The account the statement tests write for (a netting demo at XP). */
export const STATEMENT_ACCOUNT: StatementAccount = {
  number: 5_012_345,
  currency: 'BRL',
  server: 'XPMT5-DEMO',
  company: 'XP Investimentos',
  tradeMode: 'demo',
  marginMode: 'netting',
};

/**
 * A deal of the statement tests (core's and the server's readers of our statement): a buy in of
 * 1 WINZ25 at 125 000 with -1 commission, `minute` minutes after STATEMENT_T0, order ticket+500.
 */
export function statementDeal(
  ticket: number,
  minute: number,
  over: Partial<StatementDeal> = {},
): StatementDeal {
  return {
    ticket,
    order: ticket + 500,
    position_id: 0,
    symbol: 'WINZ25',
    type: 0,
    entry: 0,
    volume: 1,
    price: 125_000,
    profit: 0,
    commission: -1,
    swap: 0,
    magic: 135000,
    reason: 3,
    comment: '',
    time_msc: STATEMENT_T0 + minute * 60_000,
    ...over,
  };
}

/**
 * A history order as the agent reports it (the statement's Orders, the agent's outbox): a market
 * buy of 1 WINZ25 filled at `doneMsc`, no S / L or T / P, opening position `ticket`.
 */
export function historyOrder(
  ticket: number,
  doneMsc: number,
  over: Partial<Mt5HistoryOrder> = {},
): Mt5HistoryOrder {
  return {
    ticket,
    symbol: 'WINZ25',
    type: 0,
    state: 4,
    volume_initial: 1,
    volume_current: 0,
    price_open: 0,
    sl: 0,
    tp: 0,
    price_current: 125_000,
    time_setup_msc: doneMsc,
    time_done_msc: doneMsc,
    magic: 0,
    comment: '',
    position_id: ticket,
    reason: 0,
    ...over,
  };
}
