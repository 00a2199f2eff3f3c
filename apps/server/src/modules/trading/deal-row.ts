import { DEAL_ENTRIES, dealReasonName, type Deal } from '@vortex/core';

/**
 * A stored deal in the column order of DEAL_COLUMNS: ticket, position_id, symbol, type,
 * entry, volume, price, profit, commission, swap, magic, reason, time_msc, fee.
 */
export type DealRow = [
  ticket: number,
  positionId: number,
  symbol: string,
  type: number,
  entry: number,
  volume: number,
  price: number,
  profit: number,
  commission: number,
  swap: number,
  magic: number,
  reason: number,
  timeMsc: number,
  fee: number,
];

export const DEAL_COLUMNS =
  'ticket, position_id, symbol, type, entry, volume, price, profit, commission, swap, magic, reason, time_msc, fee';

/** What pg sends for DEAL_COLUMNS (bigints as numbers: database.ts), checked by columnRows. */
export const DEAL_ROW_KINDS = [
  'number',
  'number',
  'string',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
] as const;

/** A buy or sell (type 0 or 1); balance operations and the like are not trades. */
export const isTradeRow = (row: DealRow): boolean => row[3] === 0 || row[3] === 1;

// MT5's reason codes are few: named once here instead of once per deal.
const REASON_NAMES = Array.from({ length: 16 }, (_, code) => dealReasonName(code));

// A long history repeats a handful of symbols; without this each position would keep its own
// copy of the text the driver made for its row.
const symbols = new Map<string, string>();
function interned(symbol: string): string {
  const known = symbols.get(symbol);
  if (known !== undefined) return known;
  if (symbols.size >= 10_000) symbols.clear();
  symbols.set(symbol, symbol);
  return symbol;
}

/** A stored row as core's Deal; the row was validated on the way in, so no schema parse here. */
export function toDeal(row: DealRow): Deal {
  const [ticket, positionId, symbol, type, entry, volume, price, profit, commission, swap] = row;
  const [, , , , , , , , , , magic, reason, timeMsc, fee] = row;
  return {
    ticket: String(ticket),
    // MT5 uses position id 0 for deals outside a position: the positions then group by ticket.
    position_id: positionId === 0 ? null : String(positionId),
    order: null,
    user_id: null,
    symbol: interned(symbol),
    magic,
    volume: Math.abs(volume),
    type: type === 0 ? 'BUY' : 'SELL',
    entry: DEAL_ENTRIES[entry] ?? null,
    price,
    time: timeMsc,
    profit,
    commission,
    // As DealSchema reads a deal without one: no fee, not a fee of 0.
    ...(fee === 0 ? {} : { fee }),
    swap,
    reason: REASON_NAMES[reason] ?? dealReasonName(reason),
    status: null,
  };
}
