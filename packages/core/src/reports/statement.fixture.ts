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
