import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { fixture } from '../../../test/fixtures/mt5/fixtures.js';
import { bearer, makeUser } from '../../../test/identities.js';
import { parseMt5Report } from '../reports/import/detect.js';

/**
 * Issue 26 on real files (SOURCES.md): each report's deposit is kept by the import, and the
 * dashboard's and statistics' balance, profit % and drawdown % come from it, as the report
 * prints them, not from the 10 000 estimate. The GBPUSD tester report of the issue read balance
 * 11 301.40 and drawdown 3.06 % before; the terminal prints 4 301.40 and 8.83 % (369.60).
 */
interface Statistics {
  profit: number;
  balance: number;
  profit_percentage: number;
  max_drawdown: number;
  max_drawdown_percent: number;
  sharpe_ratio: number;
  recovery_factor: number;
}

interface Ctx {
  app: FastifyInstance;
  api: Requests;
  db: TestDatabase;
}

/** A new trader imports the report; the dashboard's stats and overview over ten years, its whole. */
async function importedScreens({ app, api, db }: Ctx, bytes: Buffer) {
  const trader = await makeUser(db.pool, { role: 'trader' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/reports/import',
    headers: { ...bearer(trader.token), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(res.statusCode, res.body).toBe(200);
  const stats = (await api.as(trader).get('/dashboard/stats?days=3650')).json<{
    data: Statistics & { balance_basis: { source: string; initial_balance: number } };
  }>().data;
  const overview = (await api.as(trader).get('/dashboard/overview?days=3650')).json<{
    data: { statistics: Statistics; equity_curve: { balance: number }[] };
  }>().data;
  return { stats, overview };
}

const CASES = [
  // Tester reports charge nothing at the opening: the walk by position is the walk by deal, so
  // the drawdowns are the terminal's to the cent.
  { file: 'ReportTester-Exness-EXP-GBPUSD-H1.html', drawdowns: true },
  { file: 'ReportTester-ExnessK2.html', drawdowns: true },
  // A Trade History report with no position left open: every deal is in a closed position. Its
  // drawdown is pinned below ('not yet').
  { file: 'ReportHistory-1513441721-FTMO.xlsx', drawdowns: false },
];

describe('an imported report with its deposit', () => {
  it.for(CASES)(
    '$file: balance, profit % and drawdown % from the deposit',
    async ({ file, drawdowns }, { app, api, db }) => {
      const bytes = await readFile(fixture(file));
      const report = await parseMt5Report(bytes);
      const deposit = report.deals
        .filter((d) => d.type === 'balance')
        .reduce((sum, d) => sum + d.profit, 0);
      const printed = report.results;
      const finalBalance = report.deals.at(-1)?.balance ?? Number.NaN;
      expect(deposit).toBeGreaterThan(0);

      const { stats, overview } = await importedScreens({ app, api, db }, bytes);
      for (const s of [stats, overview.statistics]) {
        expect(s.profit).toBeCloseTo(printed.total_net_profit ?? Number.NaN, 6);
        expect(s.balance).toBeCloseTo(finalBalance, 6);
        expect(s.profit_percentage).toBeCloseTo((s.profit / deposit) * 100, 9);
        if (drawdowns) {
          expect(s.max_drawdown).toBeCloseTo(printed.balance_drawdown_maximal ?? Number.NaN, 6);
          expect(Number(s.max_drawdown_percent.toFixed(2))).toBe(
            printed.balance_drawdown_relative_pct,
          );
        }
      }
      // Nothing before the deposit: the balances start at 0, as the report's do.
      expect(stats.balance_basis.source).toBe('account');
      expect(stats.balance_basis.initial_balance).toBeCloseTo(0, 6);
      expect(overview.equity_curve.at(-1)?.balance).toBeCloseTo(finalBalance, 6);
    },
  );
});

// Not yet: the terminal walks the balance deal by deal, booking each opening deal's commission
// when the position opens. FTMO 1513441721: walked so over its deals, the drawdown is 10,053.03
// (as printed); each position's opening costs at its open time and the rest at its last close
// give 10,053.03 too, so its 32 partial closes change nothing. Darwinex-Live 4000084439 (opening
// costs −9.49 in all): its deals give 783.61, Sharpe −0.116604 and recovery −0.606437 as printed,
// its positions 782.63, −0.11896 and −0.6072. The stored positions keep one commission per round
// trip (opening and closing summed: ClosedPosition.commission), so the screens book it all at
// the close (FTMO: 10,280.53). Reading the opening deals on every /dashboard/stats would undo the
// 1,000,000-deal read goal (bench/RESULTS.md); the positions would need their opening costs apart
// (positions-builder, closed_positions).
describe('an imported Trade History report with commissions at the opening', () => {
  it.fails.for([
    { file: 'ReportHistory-1513441721-FTMO.xlsx' },
    { file: 'ReportHistory-4000084439.xlsx' },
  ])(
    '$file: the drawdown the terminal printed, not yet: opening costs at the close',
    async ({ file }, { app, api, db }) => {
      const bytes = await readFile(fixture(file));
      const printed = (await parseMt5Report(bytes)).results;
      const { stats, overview } = await importedScreens({ app, api, db }, bytes);
      for (const s of [stats, overview.statistics]) {
        expectAsPrinted(s.max_drawdown, printed.balance_drawdown_maximal, 'max_drawdown');
        expectAsPrinted(
          s.max_drawdown_percent,
          printed.balance_drawdown_relative_pct,
          'max_drawdown_percent',
        );
      }
    },
  );
});

describe('an imported report whose history begins after its first deposit', () => {
  it('HFM: every screen ends at the balance the report prints, its start being what came before', async ({
    app,
    api,
    db,
  }) => {
    // HFM's history opens at 50,61 with no deposit row and holds a later deposit of 50: the deals
    // alone sum to 0,33, which statistics showed as the balance while the dashboard said 50,94.
    const bytes = await readFile(fixture('ReportHistory-57174315-HFM.xlsx'));
    const report = await parseMt5Report(bytes);
    const finalBalance = report.deals.at(-1)?.balance ?? Number.NaN;
    const first = report.deals[0];
    const opening = first
      ? first.balance - (first.profit + first.commission + (first.fee ?? 0) + first.swap)
      : Number.NaN;
    expect(opening).toBeGreaterThan(50);
    expect(report.deals.filter((d) => d.type === 'balance').map((d) => d.profit)).toEqual([50]);

    const { stats, overview } = await importedScreens({ app, api, db }, bytes);
    for (const s of [stats, overview.statistics]) expect(s.balance).toBeCloseTo(finalBalance, 6);
    expect(stats.balance_basis.source).toBe('account');
    expect(stats.balance_basis.initial_balance).toBeCloseTo(opening, 6);
    expect(overview.equity_curve.at(-1)?.balance).toBeCloseTo(finalBalance, 6);
  });
});

/** The printed figure to the decimals the terminal wrote it with (0.26, −0.27331, 3.08). */
function expectAsPrinted(ours: number, printed: number | undefined, label: string) {
  expect(printed, `${label} printed`).toBeDefined();
  const decimals = (String(printed).split('.')[1] ?? '').length;
  expect(Math.abs(ours - (printed ?? Number.NaN)), label).toBeLessThanOrEqual(
    0.5 * 10 ** -decimals + 1e-9,
  );
}

// Trade History reports whose positions each close in one deal: the terminal's trades are the
// product's positions, so the screens give the figures the report's Results block printed.
describe("an imported Trade History report: the terminal's risk figures on the dashboard", () => {
  it.for([
    // a yen account through a 64 % drawdown: its Sharpe (−0.27331) is on returns, not on money
    { file: 'ReportHistory-10009822126-MetaQuotesDemo-JPY.xlsx' },
    { file: 'ReportHistory-400078005-OANDA-JP.html' },
    // its history starts at 50.61 and takes a deposit: 0.150038 while it lost 49.67
    { file: 'ReportHistory-57174315-HFM.xlsx' },
  ])(
    '$file: Sharpe, recovery factor and drawdown as printed',
    async ({ file }, { app, api, db }) => {
      const bytes = await readFile(fixture(file));
      const printed = (await parseMt5Report(bytes)).results;
      const { stats, overview } = await importedScreens({ app, api, db }, bytes);
      for (const s of [stats, overview.statistics]) {
        expectAsPrinted(s.sharpe_ratio, printed.sharpe_ratio, 'sharpe_ratio');
        expectAsPrinted(s.recovery_factor, printed.recovery_factor, 'recovery_factor');
        expectAsPrinted(s.max_drawdown, printed.balance_drawdown_maximal, 'max_drawdown');
        expectAsPrinted(
          s.max_drawdown_percent,
          printed.balance_drawdown_relative_pct,
          'max_drawdown_percent',
        );
      }
    },
  );
});
