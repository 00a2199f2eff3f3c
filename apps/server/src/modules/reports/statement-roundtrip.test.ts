// Our statement read back by our own importer of the terminal's reports, in both languages.
import { describe, expect, it } from 'vitest';
import {
  buildStatement,
  encodeUtf16le,
  renderStatementHtml,
  type StatementLanguage,
} from '@vortex/core';
import {
  STATEMENT_ACCOUNT,
  STATEMENT_T0,
  statementDeal,
} from '../../../../../packages/core/src/reports/statement.fixture.js';
import { parseMt5Report } from './import/detect.js';
import { importedDeals } from './imported-deals.js';

const T0 = STATEMENT_T0;
const deal = statementDeal;

// A deposit, a long won by 1 300 (a figure with a thousands space) and a short lost by 20.
const DEALS = [
  deal(1, -1, { type: 2, symbol: '', profit: 10_000, commission: 0 }),
  deal(2, 0, { position_id: 1 }),
  deal(3, 30, { position_id: 1, type: 1, entry: 1, price: 125_150, profit: 1_300 }),
  deal(4, 40, { position_id: 2, type: 1 }),
  deal(5, 50, { position_id: 2, type: 0, entry: 1, profit: -20 }),
];

function statement(language: StatementLanguage, deals = DEALS) {
  return buildStatement({
    ownerName: 'Ana Souza',
    account: { ...STATEMENT_ACCOUNT, marginMode: 'hedging' },
    figures: {
      balance: 11_278,
      equity: 11_278,
      margin: 0,
      free_margin: 11_278,
      margin_level: 0,
      profit: 0,
    },
    from: T0 - 86_400_000,
    to: T0 + 86_400_000,
    generatedAt: T0 + 86_400_000,
    startBalance: 0,
    deals,
    openPositions: [],
    workingOrders: [],
    reportType: 'full',
    language,
  });
}

describe("our importer of the terminal's reports reads our statement back", () => {
  it.each(['en', 'pt-BR'] as const)(
    '%s: every section, the summary and every Results label',
    async (language) => {
      const model = statement(language);
      const report = await parseMt5Report(Buffer.from(encodeUtf16le(renderStatementHtml(model))));
      expect(report.kind).toBe('history');
      expect(report.account).toMatchObject({
        login: '5012345',
        name: 'Ana Souza',
        mode: 'demo',
        margin_mode: 'hedging',
      });
      expect(report.positions.map((p) => [p.id, p.symbol, p.type, p.magic])).toEqual([
        ['1', 'WINZ25', 'buy', '135000'],
        ['2', 'WINZ25', 'sell', '135000'],
      ]);
      expect(report.orders).toHaveLength(4);
      expect(report.deals.map((d) => d.balance)).toEqual([10_000, 9_999, 11_298, 11_297, 11_276]);
      expect(report.summary).toMatchObject({ balance: 11_278, equity: 11_278, credit_facility: 0 });
      expect(report.unknown_results).toEqual([]);
      const x = model.results;
      expect(report.results).toMatchObject({
        total_net_profit: x.total_net_profit,
        gross_profit: x.gross_profit,
        gross_loss: x.gross_loss,
        total_trades: 2,
        profit_trades: 1,
        loss_trades: 1,
        largest_profit_trade: 1_299,
        balance_drawdown_maximal: x.balance_drawdown_maximal.money,
      });
    },
  );

  it('keeps each deal’s fee for the account it imports into', async () => {
    const withFee = DEALS.map((d) => (d.ticket === 3 ? { ...d, fee: -0.5 } : d));
    const model = statement('en', withFee);
    const report = await parseMt5Report(Buffer.from(encodeUtf16le(renderStatementHtml(model))));
    expect(importedDeals(report).map((d) => d.fee)).toEqual([0, 0, -0.5, 0, 0]);
  });
});
