import { describe, expect, it } from 'vitest';
import { computeTaxes } from './compute-taxes.js';
import { darfDueDate } from './tax-months.js';
import { roundTrip, taxDeal } from './tax.fixture.js';

const monthOf = (
  deals: Parameters<typeof computeTaxes>[0],
  month: string,
  today = '2026-12-15',
) => {
  const found = computeTaxes(deals, { today }).months.find((m) => m.month === month);
  if (!found) throw new Error(`no ${month}`);
  return found;
};

describe('computeTaxes: hand-worked months', () => {
  it('offsets a day-trade loss in January against February’s gain: R$ 400 before IRRF', () => {
    const deals = [
      ...roundTrip('2026-01-05 10:00', '2026-01-05 11:00', -3000),
      ...roundTrip('2026-02-02 10:00', '2026-02-02 11:00', 5000),
    ];
    const jan = monthOf(deals, '2026-01');
    expect(jan.day_trade).toMatchObject({
      result_cents: -300_000,
      base_cents: 0,
      loss_after_cents: 300_000,
    });
    expect(jan.darf_status).toBe('none');
    const feb = monthOf(deals, '2026-02');
    expect(feb.day_trade).toMatchObject({
      result_cents: 500_000,
      loss_before_cents: 300_000,
      base_cents: 200_000,
      loss_after_cents: 0,
      tax_cents: 40_000,
    });
    expect(feb.tax_cents).toBe(40_000);
    // IRRF: 1 % of the day's R$ 5.000.
    expect(feb.irrf_day_trade).toEqual({
      month_cents: 5_000,
      before_cents: 0,
      deducted_cents: 5_000,
      after_cents: 0,
    });
    expect(feb.darf_cents).toBe(35_000);
    expect(feb.darf_status).toBe('due');
    expect(feb.due_date).toBe('2026-03-31');
  });

  it('rolls a DARF under R$ 10,00 into the next month until the sum reaches it', () => {
    const deals = [
      ...roundTrip('2026-03-02 10:00', '2026-03-02 11:00', 40), // 8,00 − 0,40 IRRF = 7,60
      ...roundTrip('2026-04-01 10:00', '2026-04-01 11:00', 30), // 6,00 − 0,30 IRRF = 5,70
    ];
    const mar = monthOf(deals, '2026-03');
    expect(mar).toMatchObject({
      tax_after_irrf_cents: 760,
      darf_cents: 760,
      darf_status: 'below_minimum',
    });
    const apr = monthOf(deals, '2026-04');
    expect(apr).toMatchObject({
      tax_after_irrf_cents: 570,
      darf_carried_in_cents: 760,
      darf_cents: 1_330,
      darf_status: 'due',
      due_date: '2026-05-29',
    });
    expect(monthOf(deals, '2026-05')).toMatchObject({
      darf_carried_in_cents: 0,
      darf_status: 'none',
    });
  });

  it('carries IRRF larger than the month’s tax to later months', () => {
    const deals = [
      ...roundTrip('2026-01-05 10:00', '2026-01-05 11:00', -3000),
      ...roundTrip('2026-02-02 10:00', '2026-02-02 11:00', 1000),
      ...roundTrip('2026-03-02 10:00', '2026-03-02 11:00', 3000),
    ];
    const feb = monthOf(deals, '2026-02');
    expect(feb.tax_cents).toBe(0);
    expect(feb.irrf_day_trade).toEqual({
      month_cents: 1_000,
      before_cents: 0,
      deducted_cents: 0,
      after_cents: 1_000,
    });
    const mar = monthOf(deals, '2026-03');
    // Loss left 2.000, base 1.000, tax 200,00; IRRF 30,00 of March and 10,00 carried.
    expect(mar.day_trade).toMatchObject({
      loss_before_cents: 200_000,
      base_cents: 100_000,
      tax_cents: 20_000,
    });
    expect(mar.irrf_day_trade).toEqual({
      month_cents: 3_000,
      before_cents: 1_000,
      deducted_cents: 4_000,
      after_cents: 0,
    });
    expect(mar.darf_cents).toBe(16_000);
  });

  it('splits a day with both kinds: the day’s own opening is day trade, the older one swing', () => {
    const deals = [
      taxDeal('2026-01-05 10:00', { type: 'BUY', entry: 'IN', volume: 1, commission: -1 }),
      taxDeal('2026-01-06 10:00', { type: 'BUY', entry: 'IN', volume: 1, commission: -1 }),
      taxDeal('2026-01-06 15:00', {
        type: 'SELL',
        entry: 'OUT',
        volume: 2,
        profit: 200,
        commission: -2,
      }),
    ];
    const { days } = computeTaxes(deals, { today: '2026-12-15' });
    expect(days).toHaveLength(1);
    const [day] = days;
    expect(day?.day).toBe('2026-01-06');
    expect(day?.day_trade).toEqual({
      gross_cents: 10_000,
      costs_cents: 200,
      result_cents: 9_800,
      operations: 1,
    });
    expect(day?.swing).toEqual({
      gross_cents: 10_000,
      costs_cents: 200,
      result_cents: 9_800,
      operations: 1,
    });
    // 1 % of R$ 98,00; the swing IRRF (0,005 % of R$ 100,00) is under R$ 1,00 and not withheld.
    expect(day?.irrf_day_trade_cents).toBe(98);
    expect(day?.irrf_swing_cents).toBe(0);
    const jan = monthOf(deals, '2026-01');
    // 20 % of 98,00 + 15 % of 98,00 = 19,60 + 14,70; less the 0,98 IRRF.
    expect(jan.tax_cents).toBe(1_960 + 1_470);
    expect(jan.darf_cents).toBe(1_960 + 1_470 - 98);
  });

  it('splits a partial close across days by volume', () => {
    const deals = [
      taxDeal('2026-01-07 10:00', { type: 'BUY', entry: 'IN', volume: 3, commission: -3 }),
      taxDeal('2026-01-07 11:00', {
        type: 'SELL',
        entry: 'OUT',
        volume: 1,
        profit: 50,
        commission: -1,
      }),
      taxDeal('2026-01-08 10:30', {
        type: 'SELL',
        entry: 'OUT',
        volume: 2,
        profit: 80,
        commission: -2,
      }),
    ];
    const { days } = computeTaxes(deals, { today: '2026-12-15' });
    const ops = days.flatMap((d) => d.operations);
    expect(ops.map((o) => [o.day, o.kind, o.volume, o.gross_cents, o.costs_cents])).toEqual([
      ['2026-01-07', 'day_trade', 1, 5_000, 200],
      ['2026-01-08', 'swing', 2, 8_000, 400],
    ]);
  });

  it('makes a month of costs alone a loss carried forward, with the trader’s cost per contract', () => {
    const deals = roundTrip('2026-02-03 10:00', '2026-02-03 11:00', 0, {
      volume: 2,
      commission: -5,
    });
    const { months } = computeTaxes(deals, { today: '2026-12-15', costPerContractSide: 0.5 });
    const feb = months.find((m) => m.month === '2026-02');
    // R$ 5,00 a side reported plus R$ 0,50 × 2 contracts a side.
    expect(feb?.day_trade).toMatchObject({
      gross_cents: 0,
      costs_cents: 1_200,
      result_cents: -1_200,
      loss_after_cents: 1_200,
    });
    expect(feb?.darf_status).toBe('none');
  });

  it('adds up two accounts, each broker withholding on its own day', () => {
    const deals = [
      ...roundTrip('2026-03-02 10:00', '2026-03-02 11:00', 1000, { account_id: 'A' }),
      ...roundTrip('2026-03-02 10:05', '2026-03-02 11:05', -400, { account_id: 'B' }),
    ];
    const mar = monthOf(deals, '2026-03');
    expect(mar.day_trade).toMatchObject({ result_cents: 60_000, tax_cents: 12_000, operations: 2 });
    // Account A withholds 1 % of its R$ 1.000; account B had no positive day.
    expect(mar.irrf_day_trade.month_cents).toBe(1_000);
    expect(mar.darf_cents).toBe(11_000);
  });

  it('never offsets one kind’s loss against the other’s gain', () => {
    const deals = [
      ...roundTrip('2026-01-05 10:00', '2026-01-06 11:00', -1000),
      ...roundTrip('2026-02-02 10:00', '2026-02-02 11:00', 1000),
    ];
    const feb = monthOf(deals, '2026-02');
    expect(feb.swing.loss_before_cents).toBe(100_000);
    expect(feb.swing.loss_after_cents).toBe(100_000);
    expect(feb.day_trade.tax_cents).toBe(20_000);
  });

  it('withholds 0,005 % on a swing close once it exceeds R$ 1,00, at 15 %', () => {
    const deals = roundTrip('2026-05-04 10:00', '2026-05-05 11:00', 30_000);
    const may = monthOf(deals, '2026-05');
    expect(may.swing).toMatchObject({ result_cents: 3_000_000, tax_cents: 450_000, rate: 0.15 });
    expect(may.irrf_swing.month_cents).toBe(150);
    expect(may.darf_cents).toBe(450_000 - 150);
  });

  it('takes a close older than the history as swing, and a reversal as a close and an opening', () => {
    const deals = [
      taxDeal('2026-01-05 10:00', { type: 'SELL', entry: 'OUT', volume: 1, profit: 100 }),
      taxDeal('2026-01-05 11:00', { type: 'BUY', entry: 'IN', volume: 1, position_id: 'P2' }),
      taxDeal('2026-01-06 10:00', {
        type: 'SELL',
        entry: 'INOUT',
        volume: 2,
        profit: 70,
        position_id: 'P2',
      }),
      taxDeal('2026-01-06 12:00', {
        type: 'BUY',
        entry: 'OUT',
        volume: 1,
        profit: 30,
        position_id: 'P2',
      }),
    ];
    const ops = computeTaxes(deals, { today: '2026-12-15' }).days.flatMap((d) => d.operations);
    expect(
      ops.map((o) => [o.day, o.kind, o.side, o.volume, o.open_time === null, o.gross_cents]),
    ).toEqual([
      ['2026-01-05', 'swing', 'BUY', 1, true, 10_000],
      ['2026-01-06', 'swing', 'BUY', 1, false, 7_000],
      ['2026-01-06', 'day_trade', 'SELL', 1, false, 3_000],
    ]);
  });

  it('keeps the month that has not ended in progress', () => {
    const deals = roundTrip('2026-12-01 10:00', '2026-12-01 11:00', 5000);
    expect(monthOf(deals, '2026-12', '2026-12-15')).toMatchObject({
      darf_status: 'in_progress',
      darf_cents: 95_000,
    });
  });
});

describe('darfDueDate', () => {
  it.each([
    ['2025-11', '2025-12-30'],
    ['2025-12', '2026-01-30'],
    ['2026-11', '2026-12-30'],
    ['2026-12', '2027-01-29'],
    ['2027-11', '2027-12-30'],
    ['2027-12', '2028-01-31'],
    ['2028-01', '2028-02-25'], // Carnaval on Feb 28 and 29
    ['2028-11', '2028-12-29'],
    ['2028-12', '2029-01-31'],
    ['2024-02', '2024-03-28'], // Good Friday on Mar 29
    ['2025-01', '2025-02-28'],
  ])('gains of %s are due on %s', (month, due) => {
    expect(darfDueDate(month)).toBe(due);
  });
});
