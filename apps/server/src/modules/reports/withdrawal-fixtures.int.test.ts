import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { StatisticsRecord } from '@vortex/core';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { fixture } from '../../../test/fixtures/mt5/fixtures.js';
import { bearer, makeUser } from '../../../test/identities.js';

/**
 * Issue 26, "Done when" 1, through the product: a real report of a hedging account with a deposit
 * and withdrawals (SOURCES.md) goes through POST /api/reports/import as a new trader uploads it,
 * and /dashboard/stats and /dashboard/overview (over ten years, its whole period) must give every
 * Results figure the terminal printed that the statistics object carries. Figures the product
 * does not reproduce yet are pinned with it.fails and the arithmetic that shows why
 * (withdrawal-fixtures.test.ts holds the same file to all 35 figures by the statement's formulas).
 */
interface Ctx {
  app: FastifyInstance;
  api: Requests;
  db: TestDatabase;
}

interface Screens {
  stats: StatisticsRecord & { balance_basis: { source: string; initial_balance: number } };
  overview: { statistics: StatisticsRecord; equity_curve: { balance: number }[] };
}

type NumericField = {
  [K in keyof StatisticsRecord]: StatisticsRecord[K] extends number | null ? K : never;
}[keyof StatisticsRecord];

/** The statistics' field, the Results label it shows, and the decimals the terminal wrote. */
type Figure = [NumericField, string, number];

const FIGURES: Figure[] = [
  ['profit', 'total_net_profit', 2],
  ['gross_profit', 'gross_profit', 2],
  ['gross_loss', 'gross_loss', 2],
  ['profit_factor', 'profit_factor', 2],
  ['expectancy', 'expected_payoff', 2],
  ['recovery_factor', 'recovery_factor', 2],
  ['sharpe_ratio', 'sharpe_ratio', 2],
  ['max_drawdown', 'balance_drawdown_maximal', 2],
  ['max_drawdown_percent', 'balance_drawdown_relative_pct', 2],
  ['total_trades', 'total_trades', 0],
  ['winning_trades', 'profit_trades', 0],
  ['losing_trades', 'loss_trades', 0],
  ['win_rate', 'profit_trades_pct', 2],
  ['largest_win', 'largest_profit_trade', 2],
  ['largest_loss', 'largest_loss_trade', 2],
  ['average_win', 'average_profit_trade', 2],
  ['average_loss', 'average_loss_trade', 2],
  ['max_consecutive_wins', 'max_consecutive_wins', 0],
  ['max_consecutive_losses', 'max_consecutive_losses', 0],
  ['long_trades', 'long_trades', 0],
  ['long_win_rate', 'long_trades_won_pct', 2],
  ['short_trades', 'short_trades', 0],
  ['short_win_rate', 'short_trades_won_pct', 2],
];

interface Case {
  file: string;
  /** The Results block as printed (the labels results.ts and the importer use). */
  printed: Record<string, number>;
  /** The account's balance the report ends on ("Balance:" above its Results). */
  balance: number;
  /** Figures the screens do not give as printed yet, and why. */
  gaps: Partial<Record<NumericField, string>>;
}

// Deriv 101713523 (withdrawal-fixtures.test.ts has the arithmetic): its drawdown (12.59,
// 26.07 %), recovery factor and Sharpe are those of the balance MT5 walks without the two
// withdrawals, the bonus taken back counted as a fall (core's BalanceWalk).
const CASES: Case[] = [
  {
    file: 'ReportHistory-101713523-Deriv.html',
    printed: {
      total_net_profit: -4.54,
      gross_profit: 0,
      gross_loss: -4.54,
      profit_factor: 0,
      expected_payoff: -0.91,
      recovery_factor: -0.36,
      sharpe_ratio: -2.47,
      balance_drawdown_maximal: 12.59,
      balance_drawdown_relative_pct: 26.07,
      total_trades: 5,
      profit_trades: 0,
      loss_trades: 5,
      profit_trades_pct: 0,
      largest_profit_trade: 0,
      largest_loss_trade: -1.25,
      average_profit_trade: 0,
      average_loss_trade: -0.91,
      max_consecutive_wins: 0,
      max_consecutive_losses: 5,
      long_trades: 0,
      long_trades_won_pct: 0,
      short_trades: 5,
      short_trades_won_pct: 0,
    },
    balance: 24.74,
    gaps: {},
  },
];

/** A new trader imports the report; the dashboard's stats and overview over ten years, its whole. */
async function importedScreens({ app, api, db }: Ctx, file: string): Promise<Screens> {
  const trader = await makeUser(db.pool, { role: 'trader' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/reports/import',
    headers: { ...bearer(trader.token), 'content-type': 'application/octet-stream' },
    payload: await readFile(fixture(file)),
  });
  expect(res.statusCode, res.body).toBe(200);
  const stats = (await api.as(trader).get('/dashboard/stats?days=3650')).json<{
    data: Screens['stats'];
  }>().data;
  const overview = (await api.as(trader).get('/dashboard/overview?days=3650')).json<{
    data: Screens['overview'];
  }>().data;
  return { stats, overview };
}

describe.each(CASES)('$file imported: the dashboard gives what the terminal printed', (c) => {
  // one import per file, shared by its figures
  let screens: Promise<Screens> | undefined;
  const screensOf = (ctx: Ctx) => (screens ??= importedScreens(ctx, c.file));

  // without its withdrawals (−10.97) the balance would read 35.71
  it('ends at the balance the report prints, every operation kept', async ({ app, api, db }) => {
    const { stats, overview } = await screensOf({ app, api, db });
    for (const s of [stats, overview.statistics]) expect(s.balance).toBeCloseTo(c.balance, 6);
    expect(overview.equity_curve.at(-1)?.balance).toBeCloseTo(c.balance, 6);
    // nothing before the first deposit: the balance is its trades plus its operations
    expect(stats.balance_basis.source).toBe('account');
    expect(stats.balance_basis.initial_balance).toBeCloseTo(0, 6);
  });

  for (const [field, label, decimals] of FIGURES) {
    const gap = c.gaps[field];
    const title =
      gap === undefined ? `${field} = ${label}` : `${field} = ${label} (not yet: ${gap})`;
    const check = async ({ app, api, db }: Ctx) => {
      const printed = c.printed[label];
      expect(printed, `${label} printed`).toBeDefined();
      const { stats, overview } = await screensOf({ app, api, db });
      for (const [screen, s] of [
        ['stats', stats],
        ['overview', overview.statistics],
      ] as const) {
        const ours = s[field];
        expect(
          Math.abs((ours ?? Number.NaN) - (printed ?? Number.NaN)),
          `${screen} ${field}: ${String(ours)} vs ${String(printed)}`,
        ).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
      }
    };
    if (gap === undefined) it(title, check);
    else it.fails(title, check);
  }
});
