import type { TaxDeal } from './tax-operations.js';

let ticket = 0;

/** A deal for tax tests; `at` is São Paulo wall time ('2026-01-05 10:00'), Brazil is UTC−3. */
export function taxDeal(
  at: string,
  fields: Partial<Omit<TaxDeal, 'time'>> & Pick<TaxDeal, 'type' | 'entry' | 'volume'>,
): TaxDeal {
  ticket += 1;
  return {
    account_id: 'A',
    ticket: String(ticket),
    position_id: 'P1',
    symbol: 'WINJ26',
    price: 130_000,
    profit: 0,
    commission: 0,
    fee: 0,
    swap: 0,
    ...fields,
    time: Date.parse(`${at.replace(' ', 'T')}:00-03:00`),
  };
}

/** A position opened and closed: buy `volume` at `open`, sell at `close` for `profit` (R$). */
export function roundTrip(
  open: string,
  close: string,
  profit: number,
  extra: Partial<TaxDeal> = {},
): TaxDeal[] {
  const volume = extra.volume ?? 1;
  const position_id = extra.position_id ?? `P${open}${close}${extra.account_id ?? 'A'}`;
  return [
    taxDeal(open, { ...extra, position_id, type: 'BUY', entry: 'IN', volume, profit: 0 }),
    taxDeal(close, { ...extra, position_id, type: 'SELL', entry: 'OUT', volume, profit }),
  ];
}
