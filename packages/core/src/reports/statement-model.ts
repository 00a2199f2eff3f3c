import { DEFAULT_TIME_ZONE } from '../trading/constants.js';
import { parseDeals } from '../trading/deal.schema.js';
import { dealsToPositions } from '../trading/positions.js';
import { openedBeforeHistory } from '../trading/position.js';
import { text, type Cell } from './cells.js';
import { mt5Values, statementLabels, type StatementLabels } from './messages.js';
import { mt5Results } from './mt5-results.js';
import { resultsFigures, summaryFigures } from './statement-figures.js';
import { historyOrdersTable, positionLevels } from './statement-orders.js';
import {
  balanceEffect,
  dealsTable,
  isTradeDeal,
  openPositionsTable,
  ordersTable,
  positionsTable,
  workingOrdersTable,
  type DigitsOf,
} from './statement-tables.js';
import type {
  StatementAccount,
  StatementDeal,
  StatementFigure,
  StatementInput,
  StatementModel,
  StatementSection,
  StatementTable,
} from './statement.types.js';

const byTime = (a: StatementDeal, b: StatementDeal) =>
  a.time_msc - b.time_msc || a.ticket - b.ticket;

/** '5012345 (BRL, XPMT5-DEMO, demo, Netting)', as the terminal's Account: line reads. */
function accountLine(a: StatementAccount): string {
  const margin =
    a.marginMode === 'hedging'
      ? mt5Values.hedging
      : a.marginMode === 'netting'
        ? mt5Values.netting
        : a.marginMode;
  return `${a.number} (${a.currency}, ${a.server}, ${a.tradeMode}, ${margin})`;
}

function header(input: StatementInput, L: StatementLabels): StatementFigure[] {
  const date: Cell = { kind: 'time', ms: input.generatedAt, minutes: true };
  return [
    { key: 'name', label: L.header.name, value: text(input.ownerName) },
    { key: 'account', label: L.header.account, value: text(accountLine(input.account)) },
    { key: 'company', label: L.header.company, value: text(input.account.company) },
    { key: 'date', label: L.header.date, value: date },
  ];
}

const titled = (table: StatementTable, title: string): StatementTable => ({ ...table, title });

/** The statement of one account over one period, ready for either renderer. */
export function buildStatement(input: StatementInput): StatementModel {
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const language = input.language ?? 'pt-BR';
  const L = statementLabels[language];
  const deals = [...input.deals].sort(byTime);
  const { deals: parsed } = parseDeals(
    [...(input.priorDeals ?? []), ...deals]
      .filter(isTradeDeal)
      .map((d) => ({ ...d, time: d.time_msc, reason: undefined })),
  );
  // A position opened before the deals given has no open time or price to write: left out.
  const positions = dealsToPositions(parsed).filter(
    (p) => p.close_time >= input.from && p.close_time <= input.to && !openedBeforeHistory(p),
  );
  // MT5 counts closing deals as trades: only the period's own deals enter its Results.
  const results = mt5Results(
    deals.filter(isTradeDeal).map((d) => ({
      time: d.time_msc,
      side: d.type === 0 ? ('BUY' as const) : ('SELL' as const),
      closes: d.entry !== 0,
      net: balanceEffect(d),
    })),
    input.startBalance,
    deals
      .filter((d) => !isTradeDeal(d))
      .map((d) => ({ time: d.time_msc, amount: balanceEffect(d) })),
  );
  const s = L.sections;
  const known = input.symbolDigits ?? {};
  const digits: DigitsOf = (symbol) => (Object.hasOwn(known, symbol) ? known[symbol] : undefined);
  const history = input.historyOrders;
  // Accounts whose agent never sent history orders get them rebuilt from the deals.
  const orders = history
    ? historyOrdersTable(history, input, L.columns, digits)
    : ordersTable(deals, L.columns);
  const levels = history ? positionLevels(history) : undefined;
  const tables: StatementSection[] =
    input.reportType === 'full'
      ? [
          titled(positionsTable(positions, L.columns, digits, levels), s.positions),
          titled(orders, s.orders),
          titled(dealsTable(deals, input.startBalance, L.columns, digits), s.deals),
        ]
      : [];
  return {
    language,
    title: L.title,
    owner: `${input.account.number}: ${input.ownerName}`,
    header: header(input, L),
    sections: [
      ...tables,
      titled(openPositionsTable(input.openPositions, L.columns, digits), s.openPositions),
      titled(workingOrdersTable(input.workingOrders, L.columns, digits), s.workingOrders),
      summaryFigures(input.figures, L.summary),
      { ...resultsFigures(results, L.results), title: s.results },
    ],
    timeZone,
    generatedAt: input.generatedAt,
    results,
  };
}
