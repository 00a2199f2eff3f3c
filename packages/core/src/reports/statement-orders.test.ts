import { describe, expect, it } from 'vitest';
import type { Mt5HistoryOrder } from '../bridge/mt5-records.schema.js';
import { formatCell } from './cells.js';
import { renderStatementHtml } from './render-html.js';
import { buildStatement } from './statement-model.js';
import { historyOrder, STATEMENT_T0, statementDeal } from './statement.fixture.js';
import type { StatementDeal, StatementInput, StatementTable } from './statement.types.js';

const T0 = STATEMENT_T0; // 10:00 in São Paulo
const min = (m: number) => T0 + m * 60_000;

const deal = (ticket: number, over: Partial<StatementDeal>): StatementDeal =>
  statementDeal(ticket, 0, { order: 0, ...over });

const order = (ticket: number, over: Partial<Mt5HistoryOrder>): Mt5HistoryOrder =>
  historyOrder(ticket, T0, { magic: 135000, position_id: 0, reason: 3, ...over });

/**
 * A long opened by a buy-limit order (S / L 124 800, T / P 125 400) whose stop loss is then
 * raised to 124 900, closed at its stop: the close order carries the levels then in force, as
 * the agent reports it. A sell-stop order is canceled. Deals pay a fee on top of commission.
 */
function input(over: Partial<StatementInput> = {}): StatementInput {
  return {
    ownerName: 'Ana Souza',
    account: {
      number: 5_012_345,
      currency: 'BRL',
      server: 'XPMT5-DEMO',
      company: 'XP Investimentos',
      tradeMode: 'demo',
      marginMode: 'netting',
    },
    figures: null,
    from: T0 - 3_600_000,
    to: T0 + 86_400_000,
    generatedAt: T0 + 86_400_000,
    startBalance: 1000,
    deals: [
      deal(1, { order: 10, position_id: 10, time_msc: min(5), fee: -0.32 }),
      deal(2, {
        order: 12,
        position_id: 10,
        type: 1,
        entry: 1,
        price: 124_895,
        profit: -105,
        time_msc: min(30),
        fee: -0.32,
      }),
    ],
    historyOrders: [
      order(10, {
        type: 2,
        price_open: 125_000,
        sl: 124_800,
        tp: 125_400,
        time_setup_msc: min(1),
        time_done_msc: min(5),
        position_id: 10,
        comment: 'grade',
      }),
      order(11, {
        type: 5,
        state: 2,
        volume_initial: 2,
        volume_current: 2,
        price_open: 124_700,
        time_setup_msc: min(2),
        time_done_msc: min(20),
      }),
      order(12, {
        type: 1,
        sl: 124_900,
        tp: 125_400,
        time_setup_msc: min(30),
        time_done_msc: min(30),
        position_id: 10,
        reason: 4,
        comment: '[sl 124900]',
      }),
    ],
    symbolDigits: { WINZ25: 0 },
    openPositions: [],
    workingOrders: [],
    reportType: 'full',
    ...over,
  };
}

const tableOf = (i: StatementInput, key: StatementTable['key']): string[][] => {
  const table = buildStatement(i).sections.find((s) => s.key === key);
  if (table?.kind !== 'table') throw new Error(`no ${key} table`);
  return table.rows.map((row) => row.map((cell) => formatCell(cell, 'America/Sao_Paulo')));
};

describe('the statement from the orders the terminal reported', () => {
  it('writes Orders as the terminal does: its S / L, T / P, done time and state', () => {
    expect(tableOf(input(), 'orders')).toEqual([
      // prettier-ignore
      ['2026.11.16 10:01:00', '10', 'WINZ25', 'buy limit', '1 / 1', '125000', '124800', '125400', '2026.11.16 10:05:00', 'filled', 'grade'],
      // prettier-ignore
      ['2026.11.16 10:02:00', '11', 'WINZ25', 'sell stop', '2 / 0', '124700', '', '', '2026.11.16 10:20:00', 'canceled', ''],
      // prettier-ignore
      ['2026.11.16 10:30:00', '12', 'WINZ25', 'sell', '1 / 1', 'market', '124900', '125400', '2026.11.16 10:30:00', 'filled', '[sl 124900]'],
    ]);
  });

  it("shows a closed position's last S / L and T / P, and prices with the symbol's digits", () => {
    const [position] = tableOf(input(), 'positions');
    expect(position?.slice(5, 11)).toEqual([
      '1',
      '125000',
      '124900',
      '125400',
      '2026.11.16 10:30:00',
      '124895',
    ]);
  });

  it('gives each row of a reversed netting position the levels it had, not the next row’s', () => {
    const reversed = input({
      deals: [
        deal(1, { order: 20, position_id: 20, type: 1, time_msc: min(5) }),
        deal(2, { order: 21, position_id: 20, type: 0, entry: 2, volume: 2, time_msc: min(10) }),
        deal(3, { order: 22, position_id: 20, type: 1, entry: 1, time_msc: min(20) }),
      ],
      historyOrders: [
        order(20, { type: 1, sl: 125_200, tp: 124_600, time_done_msc: min(5), position_id: 20 }),
        order(21, {
          volume_initial: 2,
          sl: 124_800,
          tp: 125_400,
          time_setup_msc: min(10),
          time_done_msc: min(10),
          position_id: 20,
        }),
        order(22, {
          type: 1,
          sl: 124_800,
          tp: 125_400,
          time_setup_msc: min(20),
          time_done_msc: min(20),
          position_id: 20,
        }),
      ],
    });
    expect(tableOf(reversed, 'positions').map((row) => [row[3], row[7], row[8]])).toEqual([
      ['sell', '125200', '124600'],
      ['buy', '124800', '125400'],
    ]);
  });

  it('writes each deal’s fee, sums it in the totals and takes it from the balance', () => {
    const deals = tableOf(input(), 'deals');
    expect(deals.map((row) => [row[6], row[9], row[10], row[13]])).toEqual([
      ['125000', '-1.00', '-0.32', '998.68'],
      ['124895', '-1.00', '-0.32', '892.36'],
    ]);
    const html = renderStatementHtml(buildStatement(input()));
    expect(html).toContain('-0.64');
  });

  it('rebuilds Orders from the deals for an account whose agent never sent orders', () => {
    const older = input({ historyOrders: undefined, symbolDigits: undefined });
    const orders = tableOf(older, 'orders');
    expect(orders.map((row) => [row[1], row[5], row[6], row[9]])).toEqual([
      ['10', 'market', '', 'filled'],
      ['12', 'market', '', 'filled'],
    ]);
    // No levels known, and prices with their own decimals, as before.
    expect(tableOf(older, 'positions')[0]?.slice(6, 8)).toEqual(['125000.00', '']);
  });

  it('keeps orders set up outside the period out of Orders but uses them for levels', () => {
    const later = input({ from: min(10) });
    expect(tableOf(later, 'orders').map((row) => row[1])).toEqual(['12']);
  });
});
