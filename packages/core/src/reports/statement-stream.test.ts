import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mt5HistoryOrder } from '../bridge/mt5-records.schema.js';
import { HtmlStatementWriter, renderStatementHtml } from './render-html.js';
import { renderStatementXml, XmlStatementWriter } from './render-xml.js';
import { buildStatement } from './statement-model.js';
import { bySetup } from './statement-orders.js';
import {
  streamStatement,
  type StatementSources,
  type StatementStreamInput,
} from './statement-stream.js';
import { filledOrderKey, isTradeDeal } from './statement-tables.js';
import type { StatementWriter } from './statement-writer.js';
import {
  historyOrder,
  STATEMENT_ACCOUNT,
  STATEMENT_T0,
  statementDeal,
} from './statement.fixture.js';
import type { StatementDeal, StatementInput } from './statement.types.js';

const min = (m: number) => STATEMENT_T0 + m * 60_000;
const byTime = (a: StatementDeal, b: StatementDeal) =>
  a.time_msc - b.time_msc || a.ticket - b.ticket;

async function* batches<T>(items: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.resolve();
    yield items.slice(i, i + size);
  }
}

/** The sources a database would give for `input`, read `size` rows at a time. */
function arraySources(input: StatementInput, size: number): StatementSources {
  const inPeriod = (t: number) => t >= input.from && t <= input.to;
  const deals = [...input.deals].sort(byTime);
  const trades = deals.filter(isTradeDeal);
  const history = input.historyOrders ?? [];
  const groups = new Map<number, StatementDeal[]>();
  for (const d of trades)
    groups.set(filledOrderKey(d), [...(groups.get(filledOrderKey(d)) ?? []), d]);
  return {
    positionDeals: () => batches([...(input.priorDeals ?? []), ...trades].sort(byTime), size),
    positionOrders: (ids, tickets) =>
      Promise.resolve(history.filter((o) => [...ids, ...tickets].includes(o.position_id))),
    historyOrders: () =>
      batches(history.filter((o) => inPeriod(o.time_setup_msc)).sort(bySetup), size),
    dealsByOrder: () => batches([...groups.values()].flat(), size),
    deals: () => batches(deals, size),
  };
}

async function streamed(input: StatementInput, writer: StatementWriter, size: number) {
  const { deals: _d, priorDeals: _p, historyOrders, ...rest } = input;
  const streamInput: StatementStreamInput = {
    ...rest,
    hasHistoryOrders: historyOrders !== undefined,
  };
  let out = '';
  for await (const piece of streamStatement(streamInput, arraySources(input, size), writer)) {
    out += piece;
  }
  return out;
}

async function expectSameAsWhole(input: StatementInput, sizes = [1, 2, 3, 7, 1000]) {
  const model = buildStatement(input);
  const html = renderStatementHtml(model);
  const xml = renderStatementXml(model);
  for (const size of sizes) {
    expect(await streamed(input, new HtmlStatementWriter(), size)).toBe(html);
    expect(await streamed(input, new XmlStatementWriter(), size)).toBe(xml);
  }
}

const EURUSD = { symbol: 'EURUSD', volume: 0.5, price: 1.0842, commission: -2.5 };
const position = (ticket: number, over: Partial<StatementDeal> = {}) =>
  statementDeal(ticket, 0, { ...EURUSD, position_id: ticket, order: ticket, ...over });
const closing = (ticket: number, id: number, over: Partial<StatementDeal> = {}) =>
  position(ticket, { position_id: id, type: 1, entry: 1, ...over });

/**
 * A hedging USD account: a 5 000 deposit, two longs of EURUSD open at once and closed in the
 * other order (one in two parts), a short opened before the period, a withdrawal, a credit, a
 * fee on most deals, a long partly closed and still open, and history orders with levels.
 */
function hedgingUsd(over: Partial<StatementInput> = {}): StatementInput {
  return {
    ownerName: 'Bia <Trader>',
    account: { ...STATEMENT_ACCOUNT, currency: 'USD', marginMode: 'hedging', server: 'Darwinex' },
    figures: {
      balance: 5_180,
      equity: 5_200,
      margin: 10,
      free_margin: 5_190,
      margin_level: 52_000,
      profit: 20,
    },
    from: min(0),
    to: min(600),
    generatedAt: min(600),
    startBalance: 1_000,
    priorDeals: [position(5, { time_msc: min(-90), type: 1 })],
    deals: [
      statementDeal(1, 0, {
        type: 2,
        symbol: '',
        commission: 0,
        profit: 5_000,
        comment: 'Deposit',
      }),
      position(10, { time_msc: min(10), fee: -0.4 }),
      position(11, { time_msc: min(11), volume: 1, fee: -0.8 }),
      closing(12, 5, { type: 0, time_msc: min(15), price: 1.0801, profit: 205, fee: -0.4 }),
      closing(13, 11, { time_msc: min(20), volume: 0.4, price: 1.086, profit: 72, fee: -0.3 }),
      closing(14, 10, { time_msc: min(20), price: 1.0835, profit: -35, swap: -1.2 }),
      closing(15, 11, { time_msc: min(40), volume: 0.6, price: 1.0811, profit: -186 }),
      statementDeal(16, 60, {
        type: 2,
        symbol: '',
        commission: 0,
        profit: -1_000,
        comment: 'Withdrawal',
      }),
      statementDeal(17, 61, { type: 3, symbol: '', commission: 0, profit: 300, comment: 'Credit' }),
      position(18, { time_msc: min(70), volume: 1 }),
      closing(19, 18, { time_msc: min(80), volume: 0.3, profit: 12, fee: -0.1 }),
      position(20, { time_msc: min(90), symbol: 'XAUUSD', price: 2_391.37, volume: 0.1 }),
      closing(21, 20, {
        time_msc: min(95),
        symbol: 'XAUUSD',
        price: 2_380.11,
        volume: 0.1,
        profit: -112.6,
      }),
      position(22, { time_msc: min(110), type: 1 }),
      closing(23, 22, { time_msc: min(120), type: 0, profit: 3.5 }),
    ],
    historyOrders: [
      historyOrder(10, min(10), { symbol: 'EURUSD', sl: 1.08, tp: 1.09, position_id: 10 }),
      historyOrder(11, min(11), { symbol: 'EURUSD', sl: 1.079, position_id: 11 }),
      historyOrder(5, min(-90), { symbol: 'EURUSD', type: 1, tp: 1.07, position_id: 5 }),
      historyOrder(14, min(20), {
        symbol: 'EURUSD',
        type: 1,
        sl: 1.081,
        tp: 1.09,
        position_id: 10,
      }),
      historyOrder(30, min(-500), { symbol: 'EURUSD', type: 2, state: 2, time_done_msc: min(5) }),
      historyOrder(31, min(100), { symbol: 'XAUUSD', type: 3, state: 1, time_done_msc: 0 }),
    ],
    symbolDigits: { EURUSD: 5 },
    openPositions: [],
    workingOrders: [],
    reportType: 'full',
    ...over,
  };
}

describe('streamStatement: the same bytes as the whole page', () => {
  it('writes a hedging USD account with deposits, a withdrawal, credit and fees as the model does', async () => {
    await expectSameAsWhole(hedgingUsd());
  });

  it('rebuilds Orders from the deals when the account has no history orders, split across batches', async () => {
    // order 40 is filled by two deals with another order's deal between them
    const deals = [
      statementDeal(41, 1, { order: 40, position_id: 41 }),
      statementDeal(42, 2, { order: 50, position_id: 42, type: 1 }),
      statementDeal(43, 3, { order: 40, position_id: 41, volume: 2 }),
      statementDeal(44, 4, { order: 0, position_id: 41, type: 1, entry: 1, volume: 3, profit: 30 }),
      statementDeal(45, 4, { order: 0, position_id: 42, type: 0, entry: 1, profit: -8 }),
    ];
    await expectSameAsWhole(hedgingUsd({ deals, historyOrders: undefined, priorDeals: [] }));
  });

  it('writes positions of deals without a position id and a netting reversal', async () => {
    const deals = [
      statementDeal(1, 0),
      statementDeal(2, 5, { type: 1, entry: 1, profit: 40 }),
      statementDeal(3, 10, { position_id: 3 }),
      statementDeal(4, 20, { position_id: 3, type: 1, entry: 2, volume: 3, profit: 25 }),
      statementDeal(5, 30, { position_id: 3, type: 0, entry: 1, volume: 2, profit: -14 }),
      statementDeal(6, 30, { position_id: 6, type: 1, entry: 1, profit: 9 }),
    ];
    const history: Mt5HistoryOrder[] = [
      historyOrder(1, min(0), { position_id: 1, sl: 124_000 }),
      historyOrder(3, min(10), { position_id: 3, tp: 126_000 }),
      historyOrder(4, min(20), { position_id: 3, type: 1, volume_initial: 3, sl: 125_500 }),
    ];
    const netting = hedgingUsd({
      account: STATEMENT_ACCOUNT,
      deals,
      historyOrders: history,
      priorDeals: [],
      symbolDigits: {},
    });
    await expectSameAsWhole(netting);
    await expectSameAsWhole({ ...netting, historyOrders: undefined });
  });

  it('keeps the Results of a summary report and the English labels', async () => {
    await expectSameAsWhole(hedgingUsd({ reportType: 'summary' }));
    await expectSameAsWhole(hedgingUsd({ language: 'en', timeZone: 'UTC' }));
  });

  it('writes an empty period', async () => {
    await expectSameAsWhole(hedgingUsd({ deals: [], priorDeals: [], historyOrders: [] }), [1, 5]);
  });
});

// Random histories: positions opened, closed in parts, reversed, or left open; balance
// operations and credit; ties in time; any batch size.
const step = fc.record({
  kind: fc.constantFrom('open', 'open', 'close', 'close', 'reverse', 'balance', 'credit'),
  gap: fc.constantFrom(0, 0, 1, 7, 60),
  pick: fc.nat(),
  volume: fc.integer({ min: 1, max: 4 }),
  money: fc.integer({ min: -500, max: 500 }),
  fee: fc.constantFrom(0, 0, -0.35),
  sl: fc.constantFrom(0, 0, 124_500),
  noId: fc.boolean(),
});

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function history(steps: readonly Step[]): {
  deals: StatementDeal[];
  orders: Mt5HistoryOrder[];
} {
  const open: { id: number; type: number; volume: number }[] = [];
  const deals: StatementDeal[] = [];
  const orders: Mt5HistoryOrder[] = [];
  let minute = -30;
  steps.forEach((s, i) => {
    const ticket = 100 + i;
    minute += s.gap;
    const base = { time_msc: min(minute), fee: s.fee, order: ticket };
    const target = open[s.pick % Math.max(1, open.length)];
    if (s.kind === 'balance' || s.kind === 'credit') {
      const type = s.kind === 'balance' ? 2 : 3;
      deals.push(statementDeal(ticket, 0, { ...base, type, symbol: '', profit: s.money * 10 }));
      return;
    }
    if (s.kind === 'open' || !target) {
      const id = s.noId ? 0 : ticket;
      const type = s.pick % 2;
      deals.push(statementDeal(ticket, 0, { ...base, position_id: id, type, volume: s.volume }));
      if (id !== 0) open.push({ id, type, volume: s.volume });
      orders.push(historyOrder(ticket, base.time_msc, { position_id: id || ticket, sl: s.sl }));
      return;
    }
    const reverse = s.kind === 'reverse';
    const volume = reverse ? target.volume + s.volume : Math.min(s.volume, target.volume);
    deals.push(
      statementDeal(ticket, 0, {
        ...base,
        position_id: target.id,
        type: 1 - target.type,
        entry: reverse ? 2 : 1,
        volume,
        profit: s.money,
      }),
    );
    orders.push(
      historyOrder(ticket, base.time_msc, { position_id: target.id, tp: s.sl && 126_000 }),
    );
    if (reverse) Object.assign(target, { type: 1 - target.type, volume: s.volume });
    else target.volume -= volume;
    if (target.volume <= 0) open.splice(open.indexOf(target), 1);
  });
  return { deals, orders };
}

describe('streamStatement over random histories', () => {
  it('writes what renderStatementHtml and renderStatementXml write, in batches of any size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 8, maxLength: 60, size: 'max' }),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        async (steps, size, withOrders) => {
          const { deals, orders } = history(steps);
          const from = min(0);
          const input = hedgingUsd({
            deals: deals.filter((d) => d.time_msc >= from),
            priorDeals: deals.filter((d) => d.time_msc < from && isTradeDeal(d)),
            historyOrders: withOrders ? orders : undefined,
            to: min(10_000),
            symbolDigits: {},
          });
          await expectSameAsWhole(input, [size]);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});
