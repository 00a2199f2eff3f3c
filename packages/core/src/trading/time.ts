/** Numbers below 1e10 are epoch seconds (1e10 s is the year 2286); larger ones are ms. */
const SECONDS_LIMIT = 1e10;
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Epoch ms from epoch seconds, epoch ms, a numeric string or an ISO string; null if unusable. */
export function toEpochMs(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    return toEpochMs(NUMERIC.test(text) ? Number(text) : Date.parse(text));
  }
  if (!Number.isFinite(value)) return null;
  return Math.abs(value) < SECONDS_LIMIT ? value * 1000 : value;
}
