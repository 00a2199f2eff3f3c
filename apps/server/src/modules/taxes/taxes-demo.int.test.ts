import { computeTaxes, type TaxMonthDetailResponse, type TaxYearResponse } from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually } from '../../../test/bot-scenario.js';
import { startDemoTrader, type DemoTrader } from '../../../test/demo-trader.js';
import { bearer, type TestUser } from '../../../test/identities.js';
import type { TestApp } from '../../../test/test-app.js';
import type { TestDatabase } from '../../../test/test-database.js';
import { oneRow } from '../../db/rows.js';
import { storedTaxDeals } from './taxes.fixture.js';

/**
 * Issue 17's done-when: the demo account (the real agent on the simulated MT5, as `npm start`
 * runs it), its months as the server computes them equal core's computeTaxes over its deals read
 * straight from the table. A year of sessions, so the history spans two calendar years.
 */
const HISTORY_DAYS = '250';
const DAY = 86_400_000;

let db: TestDatabase;
let t: TestApp;
let trader: TestUser;
let demo: DemoTrader;

async function stored() {
  const row = await oneRow(
    db.pool,
    z.object({
      ids: z.array(z.number()).nullable(),
      deals: z.number(),
      first: z.number().nullable(),
      last: z.number().nullable(),
    }),
    `SELECT array_agg(DISTINCT a.id) AS ids, count(d.ticket)::int AS deals,
            min(d.time_msc) AS first, max(d.time_msc) AS last
     FROM mt5_accounts a LEFT JOIN deals d ON d.account_id = a.id WHERE a.user_id = $1`,
    [trader.id],
  );
  return { ...row, ids: row.ids ?? [] };
}

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ url, headers: bearer(trader.token) });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  demo = await startDemoTrader(HISTORY_DAYS);
  ({ db, t, trader } = demo);
  // The history in: its first year's deals and the last days' both stored.
  await eventually(async () => {
    const s = await stored();
    const firstYear = new Date(Date.now() - 300 * DAY).getUTCFullYear();
    return (
      s.first !== null &&
      s.last !== null &&
      new Date(s.first).getUTCFullYear() <= firstYear &&
      s.last > Date.now() - 5 * DAY
    );
  }, 150_000);
}, 180_000);

afterAll(async () => {
  await demo.stop();
});

describe('the demo account’s income tax', () => {
  it('equals core’s computeTaxes over its stored deals, month for month, in every year', async () => {
    // The reference trader keeps trading in session: read again when a deal came between.
    for (;;) {
      const before = await stored();
      const current = await get<TaxYearResponse>(`/api/taxes?year=${new Date().getFullYear()}`);
      const years = await Promise.all(
        current.years.map((y) => get<TaxYearResponse>(`/api/taxes?year=${y}`)),
      );
      const details = await Promise.all(
        years
          .flatMap((y) => y.months)
          .filter((m) => m.day_trade.operations + m.swing.operations > 0)
          .map((m) => get<TaxMonthDetailResponse>(`/api/taxes/months/${m.month}`)),
      );
      const deals = await storedTaxDeals(db.pool, before.ids);
      if ((await stored()).deals !== before.deals) continue;

      expect(current.years.length).toBeGreaterThanOrEqual(2);
      expect(deals.length).toBeGreaterThan(500);
      let operations = 0;
      for (const body of years) {
        const expected = computeTaxes(deals, { today: body.today, from: `${body.year}-01` });
        expect(body.months.length).toBeGreaterThan(0);
        expect(body.months, String(body.year)).toEqual(
          expected.months
            .filter((m) => m.month.startsWith(`${body.year}-`))
            .map((m) => ({ ...m, paid: null })),
        );
        operations += body.months.reduce(
          (n, m) => n + m.day_trade.operations + m.swing.operations,
          0,
        );
      }
      expect(operations).toBeGreaterThan(100);
      const expectedDays = computeTaxes(deals, { today: current.today }).days;
      for (const detail of details) {
        expect(detail.days, detail.month.month).toEqual(
          expectedDays
            .filter((d) => d.day.startsWith(`${detail.month.month}-`))
            .map((d) => ({ ...d, operations: [...d.operations] })),
        );
      }
      return;
    }
  });
});
