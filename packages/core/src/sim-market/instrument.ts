import { zoneClock } from '../trading/zone-clock.js';

/** What the simulator needs to know about the traded contract. Prices are in index points. */
export interface InstrumentSpec {
  readonly symbol: string;
  readonly tickSize: number;
  /** BRL per point per contract. */
  readonly pointValue: number;
  readonly digits: number;
  readonly contractSize: number;
  readonly volumeMin: number;
  readonly volumeStep: number;
  readonly volumeMax: number;
  /** Day-trade margin in BRL per contract held. */
  readonly marginPerContract: number;
  /** BRL per contract per side (each deal pays it on its whole volume). */
  readonly commissionPerContract: number;
}

/** B3 mini-index future: tick 5 points, R$ 0.20 per point per contract. */
export const WIN_DEFAULTS: Omit<InstrumentSpec, 'symbol'> = {
  tickSize: 5,
  pointValue: 0.2,
  digits: 0,
  contractSize: 1,
  volumeMin: 1,
  volumeStep: 1,
  volumeMax: 10_000,
  marginPerContract: 100,
  commissionPerContract: 0.25,
};

export function winSpec(overrides: Partial<InstrumentSpec> & { symbol: string }): InstrumentSpec {
  return { ...WIN_DEFAULTS, ...overrides };
}

/** Nearest multiple of the tick; halves round up. */
export function roundToTick(price: number, tickSize = WIN_DEFAULTS.tickSize): number {
  return Math.floor(price / tickSize + 0.5) * tickSize;
}

/** Whether a price is a whole number of ticks (to a float tolerance). */
export function isOnTick(price: number, tickSize = WIN_DEFAULTS.tickSize): boolean {
  return Math.abs(price / tickSize - Math.round(price / tickSize)) < 1e-9;
}

// CME/B3 month codes, January first.
const MONTH_CODES = 'FGHJKMNQUVXZ';

/** Day of the month of the Wednesday closest to the 15th: WIN's expiry (holidays ignored). */
export function winExpiryDay(year: number, month: number): number {
  const weekday = new Date(Date.UTC(year, month - 1, 15)).getUTCDay();
  let delta = 3 - weekday;
  if (delta < -3) delta += 7;
  return 15 + delta;
}

/**
 * The WIN contract trading on a date in São Paulo: the nearest even month (G J M Q V Z) whose
 * expiry has not passed, e.g. 2025-12-17 -> WINZ25, 2025-12-18 -> WING26.
 */
export function winSymbolFor(date: Date | number, timeZone = 'America/Sao_Paulo'): string {
  const utcMs = typeof date === 'number' ? date : date.getTime();
  const local = new Date(zoneClock(timeZone).localDay(utcMs) * 86_400_000);
  let year = local.getUTCFullYear();
  let month = local.getUTCMonth() + 1;
  const day = local.getUTCDate();
  if (month % 2 === 1) month += 1;
  else if (day > winExpiryDay(year, month)) month += 2;
  if (month > 12) {
    month -= 12;
    year += 1;
  }
  return `WIN${MONTH_CODES.charAt(month - 1)}${String(year % 100).padStart(2, '0')}`;
}
