import { buildStatement, encodeUtf16le, renderStatementHtml } from '@vortex/core';
import {
  STATEMENT_ACCOUNT,
  STATEMENT_T0,
  statementDeal,
} from '../../packages/core/src/reports/statement.fixture.js';

/**
 * A Trade History report of `deals` deals as the terminal writes it (UTF-16 LE HTML), written by
 * our own statement writer: a deposit, then round trips of 1 WINZ25 a minute apart, won and lost
 * in turn (the importer reads it back: statement-roundtrip.test.ts).
 */
export function historyReport(deals: number): Buffer {
  return Buffer.from(encodeUtf16le(historyHtml(deals)));
}

/** The same report's HTML text. */
export function historyHtml(deals: number): string {
  const trips = Math.floor((deals - 1) / 2);
  const list = [statementDeal(1, -1, { type: 2, symbol: '', profit: 1_000_000, commission: 0 })];
  let balance = 1_000_000;
  for (let i = 0; i < trips; i++) {
    const id = i + 1;
    const profit = i % 3 === 0 ? -20 : 35;
    balance += profit - 2;
    list.push(statementDeal(2 + 2 * i, 2 * i, { position_id: id }));
    list.push(statementDeal(3 + 2 * i, 2 * i + 1, { position_id: id, type: 1, entry: 1, profit }));
  }
  const last = list[list.length - 1]?.time_msc ?? STATEMENT_T0;
  const model = buildStatement({
    ownerName: 'Ana Souza',
    account: { ...STATEMENT_ACCOUNT, marginMode: 'hedging' },
    figures: {
      balance,
      equity: balance,
      margin: 0,
      free_margin: balance,
      margin_level: 0,
      profit: 0,
    },
    from: STATEMENT_T0 - 86_400_000,
    to: last + 86_400_000,
    generatedAt: last + 86_400_000,
    startBalance: 0,
    deals: list,
    openPositions: [],
    workingOrders: [],
    reportType: 'full',
    language: 'en',
  });
  return renderStatementHtml(model);
}
