import {
  computeTaxes,
  taxAnnualCsv,
  taxMessages,
  type TaxMonthDetailResponse,
  type TaxYearResponse,
} from '@vortex/core';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { z } from 'zod';
import { makeUser } from '../../../test/identities.js';
import { rowsOf as parsedRows } from '../../db/rows.js';
import {
  deposit,
  importedAccount,
  liveAccount,
  roundTrip,
  storeDeals,
  storedTaxDeals,
  testerAccount,
} from './taxes.fixture.js';

let nextNumber = 8_100_001;

const call = (
  api: Requests,
  user: TestUser,
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
) => (method === 'GET' ? api.as(user).get(url) : api.as(user).put(url, payload));

async function yearOf(api: Requests, user: TestUser, year = 2026): Promise<TaxYearResponse> {
  const res = await call(api, user, 'GET', `/api/taxes?year=${year}`);
  expect(res.statusCode).toBe(200);
  return res.json<TaxYearResponse>();
}

const monthIn = (body: TaxYearResponse, month: string) => {
  const row = body.months.find((m) => m.month === month);
  if (!row) throw new Error(`no ${month}`);
  return row;
};

/**
 * A trader with a day trade on a live account and a swing trade on an imported history in
 * September 2026 (a DARF due), a day-trade loss in March (nothing due), plus deals that must
 * not count: a Strategy Tester report's and a dollar account's.
 */
async function seedTrader(db: TestDatabase, role: 'trader' | 'viewer' = 'trader') {
  const user = await makeUser(db.pool, { role });
  const live = await liveAccount(db.pool, user.id, nextNumber++);
  const imported = await importedAccount(db.pool, user.id, nextNumber++);
  await storeDeals(db.pool, live, [
    deposit('2026-01-02 09:00', 50_000),
    ...roundTrip('2026-03-10 10:00', '2026-03-10 11:00', -300, { commission: -2.5 }),
    ...roundTrip('2026-09-10 10:00', '2026-09-10 11:30', 1000, { commission: -5, fee: -0.4 }),
  ]);
  await storeDeals(db.pool, imported, [
    ...roundTrip('2026-09-01 10:00', '2026-09-15 15:00', 2000, { volume: 2 }),
  ]);
  const tester = await testerAccount(db.pool, user.id);
  await storeDeals(db.pool, tester, roundTrip('2026-09-11 10:00', '2026-09-11 11:00', 50_000));
  const dollars = await liveAccount(db.pool, user.id, nextNumber++, 'USD');
  await storeDeals(db.pool, dollars, roundTrip('2026-09-12 10:00', '2026-09-12 11:00', 30_000));
  // An MT5 demo account beside the real ones: play money, no tax.
  const demo = await liveAccount(db.pool, user.id, nextNumber++, 'BRL', 'demo');
  await storeDeals(db.pool, demo, roundTrip('2026-09-14 10:00', '2026-09-14 11:00', 40_000));
  return { user, taxed: [live, imported] };
}

async function rowsOf(db: TestDatabase, table: 'darf_payments' | 'tax_settings', userId: number) {
  return parsedRows(
    db.pool,
    z.record(z.string(), z.unknown()),
    `SELECT * FROM ${table} WHERE user_id = $1`,
    [userId],
  );
}

async function auditOf(db: TestDatabase, userId: number) {
  return parsedRows(
    db.pool,
    z.object({ action: z.string(), meta: z.record(z.string(), z.unknown()) }),
    `SELECT action, meta FROM audit_log WHERE actor_user_id = $1 AND action LIKE 'taxes.%'
     ORDER BY id`,
    [userId],
  );
}

describe('which deals the tax counts', () => {
  it('adds a live account and an imported history up, never a tester report, a dollar account or another user', async ({
    db,
    api,
    newUser,
  }) => {
    const { user, taxed } = await seedTrader(db);
    const other = await newUser({ role: 'trader' });
    const otherAccount = await liveAccount(db.pool, other.id, nextNumber++);
    await storeDeals(
      db.pool,
      otherAccount,
      roundTrip('2026-09-10 10:00', '2026-09-10 11:00', 7000),
    );

    const body = await yearOf(api, user);
    const expected = computeTaxes(await storedTaxDeals(db.pool, taxed), {
      today: body.today,
      from: '2026-01',
    });
    expect(body.months).toEqual(
      expected.months.filter((m) => m.month.startsWith('2026-')).map((m) => ({ ...m, paid: null })),
    );
    const september = monthIn(body, '2026-09');
    expect(september.day_trade).toMatchObject({ gross_cents: 100_000, operations: 1 });
    expect(september.swing).toMatchObject({ gross_cents: 200_000, operations: 1 });
    expect(september.darf_status).toBe('due');
    expect(monthIn(body, '2026-03').darf_status).toBe('none');
    expect(body.months[0]?.month).toBe('2026-01');
    expect(body.months.at(-1)?.month).toBe(body.today.slice(0, 7));
    expect(body.settings).toEqual({ cost_per_contract_side: 0, darf_reminder: true });

    const detail = await call(api, user, 'GET', '/api/taxes/months/2026-09');
    expect(detail.statusCode).toBe(200);
    const d = detail.json<TaxMonthDetailResponse>();
    expect(d.month).toEqual(september);
    expect(d.days).toEqual(
      expected.days
        .filter((day) => day.day.startsWith('2026-09-'))
        .map((day) => ({ ...day, operations: [...day.operations] })),
    );
    expect(d.days.map((day) => day.day)).toEqual(['2026-09-10', '2026-09-15']);

    const theirs = monthIn(await yearOf(api, other), '2026-09');
    expect(theirs.day_trade).toMatchObject({ gross_cents: 700_000, operations: 1 });
    expect(theirs.swing.operations).toBe(0);
  });

  it('computes a trader with demo accounts only as a simulation, and says so', async ({
    db,
    api,
    newUser,
  }) => {
    const user = await newUser({ role: 'trader' });
    const demo = await liveAccount(db.pool, user.id, nextNumber++, 'BRL', 'demo');
    await storeDeals(db.pool, demo, roundTrip('2026-09-14 10:00', '2026-09-14 11:00', 4000));
    const body = await yearOf(api, user);
    expect(body.basis).toBe('demo');
    expect(monthIn(body, '2026-09').day_trade).toMatchObject({ gross_cents: 400_000 });
    // Once a real account appears, the demo one no longer counts.
    const real = await liveAccount(db.pool, user.id, nextNumber++);
    await storeDeals(db.pool, real, roundTrip('2026-09-15 10:00', '2026-09-15 11:00', 100));
    const after = await yearOf(api, user);
    expect(after.basis).toBe('real');
    expect(monthIn(after, '2026-09').day_trade).toMatchObject({
      gross_cents: 10_000,
      operations: 1,
    });
  });

  it('lists the years with operations and the current one; a past year has all twelve months', async ({
    db,
    api,
    newUser,
  }) => {
    const user = await newUser({ role: 'trader' });
    const live = await liveAccount(db.pool, user.id, nextNumber++);
    await storeDeals(db.pool, live, roundTrip('2024-05-06 10:00', '2024-05-06 11:00', 80));
    const now = await yearOf(api, user);
    const thisYear = Number(now.today.slice(0, 4));
    expect(now.years).toEqual([thisYear, 2024]);
    const past = await yearOf(api, user, 2024);
    expect(past.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`),
    );
    expect(monthIn(past, '2024-05').day_trade.result_cents).toBe(8000);
    // A year with nothing before it starts: every month empty, nothing due.
    const before = await yearOf(api, user, 2023);
    expect(before.months).toHaveLength(12);
    expect(before.months.every((m) => m.darf_status === 'none')).toBe(true);
  });

  it('sees a deal stored after the first read', async ({ db, api, newUser }) => {
    const user = await newUser({ role: 'trader' });
    const live = await liveAccount(db.pool, user.id, nextNumber++);
    await storeDeals(db.pool, live, roundTrip('2026-08-03 10:00', '2026-08-03 11:00', 100));
    expect(monthIn(await yearOf(api, user), '2026-08').day_trade.result_cents).toBe(10_000);
    await storeDeals(db.pool, live, roundTrip('2026-08-04 10:00', '2026-08-04 11:00', 50));
    expect(monthIn(await yearOf(api, user), '2026-08').day_trade.result_cents).toBe(15_000);
  });
});

describe('marking a DARF paid', () => {
  it('stores a due month with its amount, shows it, unmarks it, and audits both', async ({
    db,
    api,
  }) => {
    const { user } = await seedTrader(db);
    const due = monthIn(await yearOf(api, user), '2026-09');
    const put = await call(api, user, 'PUT', '/api/taxes/darf/2026-09', { paid: true });
    expect(put.statusCode).toBe(200);
    const marked = put.json<{ paid: { paid_at: string; amount_cents: number }; message: string }>();
    expect(marked).toMatchObject({
      success: true,
      month: '2026-09',
      paid: { amount_cents: due.darf_cents },
      message: taxMessages.paidMarked,
    });
    expect(await rowsOf(db, 'darf_payments', user.id)).toMatchObject([
      { month: '2026-09', amount_cents: due.darf_cents },
    ]);
    expect(monthIn(await yearOf(api, user), '2026-09').paid).toEqual(marked.paid);
    const detail = await call(api, user, 'GET', '/api/taxes/months/2026-09');
    expect(detail.json<TaxMonthDetailResponse>().month.paid).toEqual(marked.paid);

    const unmark = await call(api, user, 'PUT', '/api/taxes/darf/2026-09', { paid: false });
    expect(unmark.json()).toEqual({
      success: true,
      month: '2026-09',
      paid: null,
      message: taxMessages.paidUnmarked,
    });
    expect(await rowsOf(db, 'darf_payments', user.id)).toEqual([]);
    expect(monthIn(await yearOf(api, user), '2026-09').paid).toBeNull();
    expect(await auditOf(db, user.id)).toEqual([
      { action: 'taxes.darf_paid', meta: { month: '2026-09', amount_cents: due.darf_cents } },
      { action: 'taxes.darf_unpaid', meta: { month: '2026-09', amount_cents: due.darf_cents } },
    ]);
  });

  it('refuses a month with nothing due (409), the month under way and one not begun', async ({
    db,
    api,
  }) => {
    const { user } = await seedTrader(db);
    const body = await yearOf(api, user);
    const current = body.today.slice(0, 7);
    for (const month of ['2026-03', '2026-02', current, '2099-01']) {
      const res = await call(api, user, 'PUT', `/api/taxes/darf/${month}`, { paid: true });
      expect(res.statusCode, month).toBe(409);
      expect(res.json()).toEqual({ success: false, error: taxMessages.noDarfToMark });
    }
    expect(await rowsOf(db, 'darf_payments', user.id)).toEqual([]);
    expect(await auditOf(db, user.id)).toEqual([]);
    const future = await call(api, user, 'GET', '/api/taxes/months/2099-01');
    expect(future.statusCode).toBe(404);
  });

  it('lets a viewer read but not mark (403), writing nothing', async ({ db, api }) => {
    const { user } = await seedTrader(db, 'viewer');
    expect(monthIn(await yearOf(api, user), '2026-09').darf_status).toBe('due');
    const put = await call(api, user, 'PUT', '/api/taxes/darf/2026-09', { paid: true });
    expect(put.statusCode).toBe(403);
    const settings = await call(api, user, 'PUT', '/api/taxes/settings', {
      cost_per_contract_side: 1,
      darf_reminder: false,
    });
    expect(settings.statusCode).toBe(403);
    expect((await call(api, user, 'GET', '/api/taxes/settings')).statusCode).toBe(200);
    expect(await rowsOf(db, 'darf_payments', user.id)).toEqual([]);
    expect(await rowsOf(db, 'tax_settings', user.id)).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 in pt-BR naming the field, and writes nothing', async ({ db, api }) => {
    const { user } = await seedTrader(db);
    const invalid = (field: string, message: string) =>
      `Dados inválidos. ${field ? `${field}: ` : ''}${message}`;
    const cases: [string, 'GET' | 'PUT', string, object | undefined, string][] = [
      ['no year', 'GET', '/api/taxes', undefined, invalid('', taxMessages.yearInvalid)],
      ['year text', 'GET', '/api/taxes?year=abc', undefined, invalid('', taxMessages.yearInvalid)],
      ['year 1999', 'GET', '/api/taxes?year=1999', undefined, invalid('', taxMessages.yearInvalid)],
      ['year 2101', 'GET', '/api/taxes?year=2101', undefined, invalid('', taxMessages.yearInvalid)],
      [
        'year 2026.5',
        'GET',
        '/api/taxes?year=2026.5',
        undefined,
        invalid('', taxMessages.yearInvalid),
      ],
      [
        'csv year',
        'GET',
        '/api/taxes/annual.csv?year=x',
        undefined,
        invalid('', taxMessages.yearInvalid),
      ],
      [
        'month 13',
        'GET',
        '/api/taxes/months/2026-13',
        undefined,
        invalid('', taxMessages.monthInvalid),
      ],
      [
        'month text',
        'PUT',
        '/api/taxes/darf/setembro',
        { paid: true },
        invalid('', taxMessages.monthInvalid),
      ],
      [
        'paid text',
        'PUT',
        '/api/taxes/darf/2026-09',
        { paid: 'sim' },
        invalid('', taxMessages.paidInvalid),
      ],
      ['paid missing', 'PUT', '/api/taxes/darf/2026-09', {}, invalid('', taxMessages.paidInvalid)],
      [
        'cost negative',
        'PUT',
        '/api/taxes/settings',
        { cost_per_contract_side: -1, darf_reminder: true },
        invalid('', taxMessages.costInvalid),
      ],
      [
        'cost too high',
        'PUT',
        '/api/taxes/settings',
        { cost_per_contract_side: 1000.01, darf_reminder: true },
        invalid('', taxMessages.costInvalid),
      ],
      [
        'cost fraction of a cent',
        'PUT',
        '/api/taxes/settings',
        { cost_per_contract_side: 0.005, darf_reminder: true },
        invalid('', taxMessages.costInvalid),
      ],
      [
        'reminder text',
        'PUT',
        '/api/taxes/settings',
        { cost_per_contract_side: 1, darf_reminder: 'sim' },
        invalid('', taxMessages.reminderInvalid),
      ],
    ];
    for (const [what, method, url, payload, error] of cases) {
      const res = await call(api, user, method, url, payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ success: false, error });
    }
    const extra = await call(api, user, 'PUT', '/api/taxes/darf/2026-09', { paid: true, valor: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ error: string }>().error).toMatch(/^Dados inválidos\./);
    expect(await rowsOf(db, 'darf_payments', user.id)).toEqual([]);
    expect(await rowsOf(db, 'tax_settings', user.id)).toEqual([]);
    expect(await auditOf(db, user.id)).toEqual([]);
  });
});

describe('the annual CSV', () => {
  it('downloads one line per month after the header, with the JSON’s figures', async ({
    db,
    api,
  }) => {
    const { user } = await seedTrader(db);
    await call(api, user, 'PUT', '/api/taxes/darf/2026-09', { paid: true });
    const body = await yearOf(api, user);
    const res = await call(api, user, 'GET', '/api/taxes/annual.csv?year=2026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="imposto-de-renda-2026.csv"',
    );
    expect(res.body).toBe(taxAnnualCsv(body.months));
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + body.months.length);
    const header = (lines[0] ?? '').split(',');
    const september = (lines.find((l) => l.startsWith('2026-09,')) ?? '').split(',');
    const cell = (name: string) => september[header.indexOf(name)];
    const row = monthIn(body, '2026-09');
    expect(cell('DARF (código 6015)')).toBe((row.darf_cents / 100).toFixed(2));
    expect(cell('Imposto pago')).toBe((row.darf_cents / 100).toFixed(2));
    expect(cell('Vencimento')).toBe(row.due_date);
    expect(cell('Day trade: Resultado líquido do mês')).toBe(
      (row.day_trade.result_cents / 100).toFixed(2),
    );
  });
});

describe('settings', () => {
  it('saves and audits them, and a cost per contract changes the figures at once', async ({
    db,
    api,
  }) => {
    const { user, taxed } = await seedTrader(db);
    expect((await call(api, user, 'GET', '/api/taxes/settings')).json()).toEqual({
      success: true,
      settings: { cost_per_contract_side: 0, darf_reminder: true },
    });
    const before = monthIn(await yearOf(api, user), '2026-09');
    const settings = { cost_per_contract_side: 2.5, darf_reminder: false };
    const put = await call(api, user, 'PUT', '/api/taxes/settings', settings);
    expect(put.json()).toEqual({ success: true, settings });
    expect((await call(api, user, 'GET', '/api/taxes/settings')).json()).toEqual({
      success: true,
      settings,
    });
    const body = await yearOf(api, user);
    expect(body.settings).toEqual(settings);
    const after = monthIn(body, '2026-09');
    // Both sides of one contract day-traded: R$ 5,00 more costs.
    expect(after.day_trade.costs_cents - before.day_trade.costs_cents).toBe(500);
    const expected = computeTaxes(await storedTaxDeals(db.pool, taxed), {
      today: body.today,
      from: '2026-01',
      costPerContractSide: 2.5,
    });
    expect(after).toEqual({ ...expected.months.find((m) => m.month === '2026-09'), paid: null });
    expect(await auditOf(db, user.id)).toEqual([
      { action: 'taxes.settings_update', meta: settings },
    ]);
  });
});
