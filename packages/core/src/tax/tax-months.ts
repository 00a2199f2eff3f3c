import { lastBusinessDayOfMonth } from '../calendar/business-days.js';
import { addTo, emptyTotals, type KindTotals, type TaxDay } from './tax-days.js';
import { DARF_MINIMUM_CENTS, TAX_KINDS, TAX_RATE, type TaxKind } from './tax-rules.js';

/** One kind's month: its result, the loss carried into it, the base and the tax. */
export interface KindMonth extends KindTotals {
  /** Loss of earlier months not yet offset, as a positive amount. */
  loss_before_cents: number;
  base_cents: number;
  /** Loss left to offset later months. */
  loss_after_cents: number;
  rate: number;
  tax_cents: number;
}

/** IRRF of one kind: withheld in the month, carried in, deducted, carried on. */
export interface IrrfFlow {
  month_cents: number;
  before_cents: number;
  deducted_cents: number;
  after_cents: number;
}

/**
 * 'in_progress': the month has not ended; 'none': nothing to pay; 'below_minimum': under
 * R$ 10,00, added to the next month's; 'due': a DARF to pay by `due_date`.
 */
export type DarfStatus = 'in_progress' | 'none' | 'below_minimum' | 'due';

export interface TaxMonth {
  /** 'YYYY-MM'. */
  month: string;
  day_trade: KindMonth;
  swing: KindMonth;
  /** Both kinds' tax before IRRF. */
  tax_cents: number;
  irrf_day_trade: IrrfFlow;
  irrf_swing: IrrfFlow;
  tax_after_irrf_cents: number;
  /** DARFs under R$ 10,00 of earlier months added to this one. */
  darf_carried_in_cents: number;
  /** The DARF's amount: due, or carried on when below the minimum. */
  darf_cents: number;
  darf_status: DarfStatus;
  /** The last business day of the next month. */
  due_date: string;
}

export const monthOf = (day: string): string => day.slice(0, 7);

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export const darfDueDate = (month: string): string => lastBusinessDayOfMonth(nextMonth(month));

function kindMonth(kind: TaxKind, totals: KindTotals, lossBefore: number): KindMonth {
  const net = totals.result_cents - lossBefore;
  const base = Math.max(0, net);
  return {
    ...totals,
    loss_before_cents: lossBefore,
    base_cents: base,
    loss_after_cents: Math.max(0, -net),
    rate: TAX_RATE[kind],
    tax_cents: Math.round(base * TAX_RATE[kind]),
  };
}

function irrfFlow(month: number, before: number, taxLeft: number): IrrfFlow {
  const available = month + before;
  const deducted = Math.min(available, taxLeft);
  return {
    month_cents: month,
    before_cents: before,
    deducted_cents: deducted,
    after_cents: available - deducted,
  };
}

export interface TaxMonthsOptions {
  /** The last month to compute, 'YYYY-MM' (the current month). */
  readonly until: string;
  /** The first month to compute when it is earlier than the first operation's. */
  readonly from?: string;
  /** Today, 'YYYY-MM-DD' in São Paulo: a month not yet over is 'in_progress'. */
  readonly today: string;
}

/**
 * Every month from the first operation (or `from`) to `until`, each kind's losses and each
 * IRRF carried from month to month, and DARFs under the minimum added to the next month's.
 * The day-trade IRRF is deducted first, then the Lei 11.033 one, as the IRPF's Renda Variável
 * form does.
 */
export function taxMonths(days: readonly TaxDay[], options: TaxMonthsOptions): TaxMonth[] {
  const byMonth = new Map<string, TaxDay[]>();
  for (const day of days) {
    const key = monthOf(day.day);
    const list = byMonth.get(key);
    if (list) list.push(day);
    else byMonth.set(key, [day]);
  }
  const first = [options.from, days[0] && monthOf(days[0].day)]
    .filter((m): m is string => !!m)
    .sort()[0];
  if (first === undefined) return [];
  const months: TaxMonth[] = [];
  const loss: Record<TaxKind, number> = { day_trade: 0, swing: 0 };
  let irrfDayTrade = 0;
  let irrfSwing = 0;
  let darfCarried = 0;
  for (let month = first; month <= options.until; month = nextMonth(month)) {
    const totals: Record<TaxKind, KindTotals> = { day_trade: emptyTotals(), swing: emptyTotals() };
    let withheldDayTrade = 0;
    let withheldSwing = 0;
    for (const day of byMonth.get(month) ?? []) {
      for (const kind of TAX_KINDS) addTo(totals[kind], day[kind], day[kind].operations);
      withheldDayTrade += day.irrf_day_trade_cents;
      withheldSwing += day.irrf_swing_cents;
    }
    const dayTrade = kindMonth('day_trade', totals.day_trade, loss.day_trade);
    const swing = kindMonth('swing', totals.swing, loss.swing);
    loss.day_trade = dayTrade.loss_after_cents;
    loss.swing = swing.loss_after_cents;
    const tax = dayTrade.tax_cents + swing.tax_cents;
    const dtFlow = irrfFlow(withheldDayTrade, irrfDayTrade, tax);
    const swFlow = irrfFlow(withheldSwing, irrfSwing, tax - dtFlow.deducted_cents);
    irrfDayTrade = dtFlow.after_cents;
    irrfSwing = swFlow.after_cents;
    const afterIrrf = tax - dtFlow.deducted_cents - swFlow.deducted_cents;
    const darf = afterIrrf + darfCarried;
    const over = options.today.slice(0, 7) > month;
    const status: DarfStatus = !over
      ? 'in_progress'
      : darf === 0
        ? 'none'
        : darf < DARF_MINIMUM_CENTS
          ? 'below_minimum'
          : 'due';
    months.push({
      month,
      day_trade: dayTrade,
      swing,
      tax_cents: tax,
      irrf_day_trade: dtFlow,
      irrf_swing: swFlow,
      tax_after_irrf_cents: afterIrrf,
      darf_carried_in_cents: darfCarried,
      darf_cents: darf,
      darf_status: status,
      due_date: darfDueDate(month),
    });
    darfCarried = status === 'below_minimum' || status === 'in_progress' ? darf : 0;
  }
  return months;
}
