import { formatDateTimePtBR } from '../format/date.js';
import { DEFAULT_TIME_ZONE } from '../trading/constants.js';
import { parseDeals } from '../trading/deal.schema.js';
import { dealsToPositions } from '../trading/positions.js';
import { text, time } from './cells.js';
import { reportMessages as m } from './messages.js';
import { computeTradeResults } from './results.js';
import { resultsFigures, summaryFigures } from './statement-figures.js';
import {
  balanceEffect,
  dealsTable,
  isTradeDeal,
  openPositionsTable,
  ordersTable,
  positionsTable,
  workingOrdersTable,
} from './statement-tables.js';
import type {
  StatementAccount,
  StatementDeal,
  StatementFigure,
  StatementInput,
  StatementModel,
  StatementSection,
} from './statement.types.js';

const byTime = (a: StatementDeal, b: StatementDeal) =>
  a.time_msc - b.time_msc || a.ticket - b.ticket;

const modeLabel = (mode: string, labels: Record<string, string>) => labels[mode] ?? mode;

/** 'Conta: 5012345 (BRL, XPMT5-DEMO, demo, Netting)', as the terminal's header reads. */
function accountLine(a: StatementAccount): string {
  const trade = modeLabel(a.tradeMode, { real: m.header.real, demo: m.header.demo });
  const margin = modeLabel(a.marginMode, { netting: m.header.netting, hedging: m.header.hedging });
  return `${a.number} (${a.currency}, ${a.server}, ${trade}, ${margin})`;
}

function header(input: StatementInput, timeZone: string): StatementFigure[] {
  const period = `${formatDateTimePtBR(input.from, timeZone)} – ${formatDateTimePtBR(input.to, timeZone)}`;
  return [
    { key: 'name', label: m.header.name, value: text(input.ownerName) },
    { key: 'account', label: m.header.account, value: text(accountLine(input.account)) },
    { key: 'company', label: m.header.company, value: text(input.account.company) },
    { key: 'date', label: m.header.date, value: time(input.generatedAt) },
    { key: 'period', label: m.header.period, value: text(period) },
  ];
}

/** The statement of one account over one period, ready for either renderer. */
export function buildStatement(input: StatementInput): StatementModel {
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const deals = [...input.deals].sort(byTime);
  const { deals: parsed } = parseDeals(
    [...(input.priorDeals ?? []), ...deals]
      .filter(isTradeDeal)
      .map((d) => ({ ...d, time: d.time_msc, reason: undefined })),
  );
  const positions = dealsToPositions(parsed).filter(
    (p) => p.close_time >= input.from && p.close_time <= input.to,
  );
  const operations = deals
    .filter((d) => !isTradeDeal(d))
    .map((d) => ({ time: d.time_msc, amount: balanceEffect(d) }));
  const results = computeTradeResults(positions, input.startBalance, operations);
  const tables: StatementSection[] =
    input.reportType === 'full'
      ? [positionsTable(positions), ordersTable(deals), dealsTable(deals, input.startBalance)]
      : [];
  return {
    title: m.title,
    header: header(input, timeZone),
    sections: [
      ...tables,
      openPositionsTable(input.openPositions),
      workingOrdersTable(input.workingOrders),
      summaryFigures(input.figures),
      resultsFigures(results),
    ],
    timeZone,
    generatedAt: input.generatedAt,
    results,
  };
}
