import { DEFAULT_TIME_ZONE } from '../trading/constants.js';
import { dayKey, zoneClock } from '../trading/zone-clock.js';
import { taxDays, type TaxDay } from './tax-days.js';
import { taxMonths, type TaxMonth } from './tax-months.js';
import { taxOperations, type TaxDeal, type TaxOperation } from './tax-operations.js';

export interface ComputeTaxesOptions {
  /** 'YYYY-MM-DD' today in São Paulo. */
  readonly today: string;
  /** The first month to list even without operations, 'YYYY-MM'. */
  readonly from?: string;
  readonly costPerContractSide?: number;
  readonly timeZone?: string;
}

export interface TaxComputation {
  readonly days: readonly TaxDay[];
  readonly months: readonly TaxMonth[];
}

/** The São Paulo day of an instant, as 'YYYY-MM-DD'. */
export function localDayOf(time: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayKey(zoneClock(timeZone).localDay(time));
}

/** The São Paulo day key of an instant, each day's key built once (a million deals, a few thousand days). */
export function dayKeyOf(timeZone: string = DEFAULT_TIME_ZONE): (time: number) => string {
  const clock = zoneClock(timeZone);
  const keys = new Map<number, string>();
  return (time) => {
    const day = clock.localDay(time);
    let key = keys.get(day);
    if (key === undefined) keys.set(day, (key = dayKey(day)));
    return key;
  };
}

/** Days and months from the operations of a ledger already fed (see TaxLedger). */
function taxesOf(
  operations: readonly TaxOperation[],
  options: Pick<ComputeTaxesOptions, 'today' | 'from'>,
): TaxComputation {
  const days = taxDays(operations);
  const months = taxMonths(days, {
    until: options.today.slice(0, 7),
    today: options.today,
    ...(options.from === undefined ? {} : { from: options.from }),
  });
  return { days, months };
}

/**
 * A person's income tax on futures from the deals of all their accounts: the days with their
 * operations and every month up to today's, losses, IRRF and small DARFs carried across.
 */
export function computeTaxes(
  deals: readonly TaxDeal[],
  options: ComputeTaxesOptions,
): TaxComputation {
  const operations = taxOperations(deals, {
    dayOf: dayKeyOf(options.timeZone),
    costPerContractSide: options.costPerContractSide ?? 0,
  });
  return taxesOf(operations, options);
}
