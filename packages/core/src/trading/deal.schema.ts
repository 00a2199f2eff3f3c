import { z } from 'zod';
import { toEpochMs } from './time.js';

// Bridges send numbers, numeric strings or nothing; NaN and Infinity are refused.
const numeric = z.union([z.number(), z.string().trim().min(1).transform(Number)]).pipe(z.number());
const optionalNumber = numeric.nullish();
const id = z.union([z.number(), z.string()]).nullish();
const timestamp = z.union([z.number(), z.string()]).nullish();

/** MT5's ENUM_DEAL_ENTRY in order: a stored entry number is its index. */
export const DEAL_ENTRIES = ['IN', 'OUT', 'INOUT', 'OUT_BY'] as const;
export type DealEntry = (typeof DEAL_ENTRIES)[number];
export type DealSide = 'BUY' | 'SELL';

/** MT5 ENUM_DEAL_ENTRY: 0 in, 1 out, 2 in/out (reversal), 3 out by an opposite position. */
function parseEntry(value: number | string | null | undefined): DealEntry | null {
  if (typeof value === 'number') return DEAL_ENTRIES[value] ?? null;
  const text = value
    ?.trim()
    .toUpperCase()
    .replace(/^DEAL_ENTRY_/, '');
  if (text !== undefined && /^\d$/.test(text)) return parseEntry(Number(text));
  return DEAL_ENTRIES.find((entry) => entry === text) ?? null;
}

// BUY_CLOSE is a buy that closes (a short), as in futures' buy-to-close; types >= 2 are not trades.
function parseType(value: number | string | null | undefined): {
  side: DealSide | null;
  closes: boolean;
} {
  if (value === 0 || value === '0') return { side: 'BUY', closes: false };
  if (value === 1 || value === '1') return { side: 'SELL', closes: false };
  const text =
    typeof value === 'string'
      ? value
          .trim()
          .toUpperCase()
          .replace(/^DEAL_TYPE_/, '')
      : '';
  const closes = text.endsWith('_CLOSE');
  const base = closes ? text.slice(0, -'_CLOSE'.length) : text;
  return { side: base === 'BUY' || base === 'SELL' ? base : null, closes };
}

/** Ids are compared as text; 0 and '' mean "none" (MT5 uses position_id 0 for balance deals). */
function parseId(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' || text === '0' ? null : text;
}

const MT5_REASONS: Readonly<Record<number, string>> = { 4: 'SL', 5: 'TP', 6: 'SO' };

/**
 * One MT5 deal as any of our sources sends it, normalised: ids as text, time in epoch ms
 * (first valid of time, close_time, timestamp, time_close, open_time), profit from
 * profit/pnl/result/netProfit, fee when sent, type BUY/SELL, entry IN/OUT/INOUT/OUT_BY.
 */
export const DealSchema = z
  .object({
    ticket: id,
    position_id: id,
    order: id,
    user_id: id,
    symbol: z.string().nullish(),
    magic: optionalNumber,
    volume: optionalNumber,
    type: z.union([z.number(), z.string()]).nullish(),
    entry: z.union([z.number(), z.string()]).nullish(),
    price: optionalNumber,
    time: timestamp,
    close_time: timestamp,
    timestamp: timestamp,
    time_close: timestamp,
    open_time: timestamp,
    profit: optionalNumber,
    pnl: optionalNumber,
    result: optionalNumber,
    netProfit: optionalNumber,
    commission: optionalNumber,
    /** MT5's DEAL_FEE; older sources send none. */
    fee: optionalNumber,
    swap: optionalNumber,
    reason: z.union([z.number(), z.string()]).nullish(),
    status: z.string().nullish(),
  })
  .transform((raw, ctx) => {
    const times = [raw.time, raw.close_time, raw.timestamp, raw.time_close, raw.open_time];
    const time = times.map(toEpochMs).find((ms) => ms !== null);
    if (time === undefined) {
      ctx.addIssue({ code: 'custom', message: 'deal has no usable time', path: ['time'] });
      return z.NEVER;
    }
    const { side, closes } = parseType(raw.type);
    const entry = parseEntry(raw.entry) ?? (closes ? 'OUT' : null);
    const reason =
      typeof raw.reason === 'number'
        ? (MT5_REASONS[raw.reason] ?? String(raw.reason))
        : (raw.reason?.trim().toUpperCase() ?? null);
    return {
      ticket: parseId(raw.ticket),
      position_id: parseId(raw.position_id),
      order: parseId(raw.order),
      user_id: parseId(raw.user_id),
      symbol: raw.symbol?.trim() ?? '',
      magic: raw.magic ?? 0,
      volume: Math.abs(raw.volume ?? 0),
      type: side,
      entry,
      price: raw.price ?? 0,
      time,
      profit: raw.profit ?? raw.pnl ?? raw.result ?? raw.netProfit ?? 0,
      commission: raw.commission ?? 0,
      // Only when sent: a deal without one reads as no fee (round-trip.ts adds `fee ?? 0`).
      ...(raw.fee === null || raw.fee === undefined ? {} : { fee: raw.fee }),
      swap: raw.swap ?? 0,
      reason: reason === '' ? null : reason,
      status: raw.status ?? null,
    };
  });

export type DealInput = z.input<typeof DealSchema>;
export type Deal = z.infer<typeof DealSchema>;

/** Parses deal by deal so one malformed record does not discard a whole history page. */
export function parseDeals(input: readonly unknown[]): { deals: Deal[]; rejected: number } {
  const deals: Deal[] = [];
  for (const item of input) {
    const parsed = DealSchema.safeParse(item);
    if (parsed.success) deals.push(parsed.data);
  }
  return { deals, rejected: input.length - deals.length };
}
