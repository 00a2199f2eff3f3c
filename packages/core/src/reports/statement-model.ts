import { DEFAULT_TIME_ZONE } from '../trading/constants.js';
import { parseDeals, type Deal } from '../trading/deal.schema.js';
import { dealsToPositions } from '../trading/positions.js';
import { openedBeforeHistory, type ClosedPosition } from '../trading/position.js';
import { text, type Cell } from './cells.js';
import { mt5Values, statementLabels, type StatementLabels } from './messages.js';
import { ResultsInputs } from './statement-results.js';
import type { StatementHead } from './statement-writer.js';
import { resultsFigures, summaryFigures } from './statement-figures.js';
import { historyOrdersTable, positionLevels } from './statement-orders.js';
import {
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

function header(
  input: Pick<StatementInput, 'ownerName' | 'account' | 'generatedAt'>,
  L: StatementLabels,
): StatementFigure[] {
  const date: Cell = { kind: 'time', ms: input.generatedAt, minutes: true };
  return [
    { key: 'name', label: L.header.name, value: text(input.ownerName) },
    { key: 'account', label: L.header.account, value: text(accountLine(input.account)) },
    { key: 'company', label: L.header.company, value: text(input.account.company) },
    { key: 'date', label: L.header.date, value: date },
  ];
}

const titled = (table: StatementTable, title: string): StatementTable => ({ ...table, title });

/** Trade deals as the positions are rebuilt from them (core's Deal). */
export function positionDealsOf(deals: readonly StatementDeal[]): Deal[] {
  return parseDeals(
    deals.filter(isTradeDeal).map((d) => ({ ...d, time: d.time_msc, reason: undefined })),
  ).deals;
}

/** A position the Positions section lists: closed in the period, its opening known. */
export const listedPosition = (p: ClosedPosition, period: { from: number; to: number }) =>
  p.close_time >= period.from && p.close_time <= period.to && !openedBeforeHistory(p);

/** SYMBOL_DIGITS of a symbol, when the agent reported them. */
export function digitsOf(symbolDigits: StatementInput['symbolDigits']): DigitsOf {
  const known = symbolDigits ?? {};
  return (symbol) => (Object.hasOwn(known, symbol) ? known[symbol] : undefined);
}

/** Everything above the tables: language, titles, the header lines and the time zone. */
export function statementHead(
  input: Pick<StatementInput, 'ownerName' | 'account' | 'generatedAt' | 'timeZone' | 'language'>,
): StatementHead {
  const language = input.language ?? 'pt-BR';
  const L = statementLabels[language];
  return {
    language,
    title: L.title,
    owner: `${input.account.number}: ${input.ownerName}`,
    header: header(input, L),
    timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
    generatedAt: input.generatedAt,
  };
}

/** The statement of one account over one period, ready for either renderer. */
export function buildStatement(input: StatementInput): StatementModel {
  const head = statementHead(input);
  const L = statementLabels[head.language];
  const deals = [...input.deals].sort(byTime);
  // A position opened before the deals given has no open time or price to write: left out.
  const positions = dealsToPositions(
    positionDealsOf([...(input.priorDeals ?? []), ...deals]),
  ).filter((p) => listedPosition(p, input));
  const inputs = new ResultsInputs();
  for (const deal of deals) inputs.add(deal);
  const results = inputs.results(input.startBalance);
  const s = L.sections;
  const digits = digitsOf(input.symbolDigits);
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
    ...head,
    sections: [
      ...tables,
      titled(openPositionsTable(input.openPositions, L.columns, digits), s.openPositions),
      titled(workingOrdersTable(input.workingOrders, L.columns, digits), s.workingOrders),
      summaryFigures(input.figures, L.summary),
      { ...resultsFigures(results, L.results), title: s.results },
    ],
    results,
  };
}
