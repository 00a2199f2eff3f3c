import { MAX_DEALS_PER_BATCH } from './agent-protocol.schema.js';
import { AGENT_LIMITS, type Mt5Deal } from './mt5-records.schema.js';
import { hasControlChars } from '../text/plain-text.js';

/**
 * A hand-written check of the common case, for the hot path of ingestion: zod costs about 4 µs
 * a deal, this a tenth of it. It accepts only what Mt5DealSchema accepts unchanged (no trimming,
 * no default to fill in); anything else, valid or not, is left to the schema, which stays the
 * rule and gives the error messages. A property test holds the two together.
 */
const MAX_ID = 2 ** 53;
const KEYS = new Set([
  'ticket',
  'order',
  'position_id',
  'symbol',
  'type',
  'entry',
  'volume',
  'price',
  'profit',
  'commission',
  'fee',
  'swap',
  'magic',
  'reason',
  'comment',
  'time',
  'time_msc',
]);

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isMoney = (v: unknown): boolean =>
  isNum(v) && v >= -AGENT_LIMITS.money && v <= AGENT_LIMITS.money;
const isInt = (v: unknown, min: number, max: number): boolean =>
  isNum(v) && Number.isSafeInteger(v) && v >= min && v <= max;

export function isPlainValidDeal(d: unknown): d is Mt5Deal {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return false;
  if (Object.getPrototypeOf(d) !== Object.prototype) return false;
  const r = d as Record<string, unknown>;
  let keys = 0;
  for (const k in r) {
    if (!KEYS.has(k)) return false;
    keys++;
  }
  // `fee` is optional (older agents leave it out): every other key must be there.
  const hasFee = 'fee' in r;
  if (keys !== KEYS.size - (hasFee ? 0 : 1)) return false;
  if (hasFee && !isMoney(r.fee)) return false;
  const { symbol, comment } = r;
  return (
    isInt(r.ticket, 1, MAX_ID) &&
    isInt(r.order, 0, MAX_ID) &&
    isInt(r.position_id, 0, MAX_ID) &&
    typeof symbol === 'string' &&
    // Only a balance operation (type 2 and above) may name no symbol.
    (symbol.length >= 1 || (isNum(r.type) && r.type > 1)) &&
    symbol.length <= 32 &&
    symbol.trim() === symbol &&
    !hasControlChars(symbol) &&
    isInt(r.type, 0, 18) &&
    isInt(r.entry, 0, 3) &&
    isNum(r.volume) &&
    r.volume >= 0 &&
    r.volume <= 1_000_000 &&
    isNum(r.price) &&
    r.price >= 0 &&
    r.price <= AGENT_LIMITS.price &&
    isMoney(r.profit) &&
    isMoney(r.commission) &&
    isMoney(r.swap) &&
    isInt(r.magic, 0, MAX_ID) &&
    isInt(r.reason, 0, 10) &&
    typeof comment === 'string' &&
    comment.length <= 64 &&
    !hasControlChars(comment) &&
    isInt(r.time, 0, AGENT_LIMITS.epochSeconds) &&
    isInt(r.time_msc, 0, AGENT_LIMITS.epochMs)
  );
}

/** A deals message whose every part passes the fast check, or undefined (then ask the schema). */
export function plainDealsMessage(
  m: unknown,
): { type: 'deals'; batch_id: string; deals: Mt5Deal[] } | undefined {
  if (typeof m !== 'object' || m === null) return undefined;
  const r = m as Record<string, unknown>;
  const { batch_id, deals } = r;
  let keys = 0;
  for (const k in r) {
    if (k !== 'type' && k !== 'batch_id' && k !== 'deals') return undefined;
    keys++;
  }
  if (keys !== 3 || r.type !== 'deals') return undefined;
  if (typeof batch_id !== 'string' || batch_id.length < 1 || batch_id.length > 64) return undefined;
  if (hasControlChars(batch_id)) return undefined;
  if (!Array.isArray(deals) || deals.length < 1 || deals.length > MAX_DEALS_PER_BATCH) {
    return undefined;
  }
  for (const d of deals) if (!isPlainValidDeal(d)) return undefined;
  return { type: 'deals', batch_id, deals: deals as Mt5Deal[] };
}
