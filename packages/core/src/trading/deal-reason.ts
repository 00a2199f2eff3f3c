import type { Deal } from './deal.schema.js';

/** MT5 ENUM_DEAL_REASON by code; DealSchema already turns 4, 5 and 6 into SL, TP and SO. */
const REASON_NAMES: Readonly<Record<string, string>> = {
  '0': 'CLIENT',
  '1': 'MOBILE',
  '2': 'WEB',
  '3': 'EXPERT',
  '4': 'SL',
  '5': 'TP',
  '6': 'SO',
  '7': 'ROLLOVER',
  '8': 'VMARGIN',
  '9': 'SPLIT',
  '10': 'CORPORATE_ACTION',
};

/** A deal reason (code or name) as one upper-case name; unknown when absent. */
export function dealReasonName(reason: string | number | null | undefined): string {
  if (reason === null || reason === undefined || reason === '') return 'UNKNOWN';
  const text = String(reason).trim().toUpperCase();
  return REASON_NAMES[text] ?? text;
}

const positionKey = (deal: Pick<Deal, 'position_id' | 'ticket'>) =>
  deal.position_id ?? deal.ticket ?? '';

/**
 * The reason of the deal that closed each round trip, keyed by `${position_id}@${close_time}`
 * (the same id dealsToPositions groups by): a position's exit is its last closing deal.
 */
export function exitReasonIndex(deals: readonly Deal[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const deal of deals) {
    if (deal.entry === null || deal.entry === 'IN') continue;
    index.set(`${positionKey(deal)}@${deal.time}`, dealReasonName(deal.reason));
  }
  return index;
}

/** Looks a position's exit reason up in an exitReasonIndex. */
export function exitReasonOf(
  index: ReadonlyMap<string, string>,
  position: { position_id: string; close_time: number },
): string {
  return index.get(`${position.position_id}@${position.close_time}`) ?? 'UNKNOWN';
}
