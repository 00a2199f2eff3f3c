/**
 * What a refused message held, made safe to keep: PostgreSQL text and jsonb cannot hold NUL (the
 * very poison that got the deal refused) nor half a surrogate pair, and an agent may send
 * megabytes. Control characters are spelled out as \uXXXX, so the admin sees them.
 */

/** The stored JSON of one refusal stays within this many characters (and a small wrapper). */
export const RAW_MAX_CHARS = 4096;
const STRING_MAX = 256;
const ITEMS_MAX = 50;
const KEYS_MAX = 40;
const DEPTH_MAX = 4;

// eslint-disable-next-line no-control-regex -- spelling control characters out is the point
const CONTROL = /[\u0000-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One line of text PostgreSQL accepts and a person can read, at most `max` characters. */
export function printable(s: string, max = Number.POSITIVE_INFINITY): string {
  const cut = s.length > max ? `${s.slice(0, max)}…` : s;
  return cut
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(LONE_SURROGATE, '\uFFFD');
}

function copy(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return printable(v, STRING_MAX);
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (v === null || typeof v === 'boolean') return v;
  // JSON holds nothing else; undefined (a missing value) reads as null.
  if (typeof v !== 'object') return null;
  if (depth >= DEPTH_MAX) return '…';
  if (Array.isArray(v)) {
    const items = v.slice(0, ITEMS_MAX).map((x) => copy(x, depth + 1));
    return v.length > ITEMS_MAX ? [...items, `… +${v.length - ITEMS_MAX}`] : items;
  }
  const entries = Object.entries(v).slice(0, KEYS_MAX);
  return Object.fromEntries(entries.map(([k, x]) => [printable(k, 64), copy(x, depth + 1)]));
}

/** The JSON text to store for a refused value: whole when small, else its head as a string. */
export function boundedRaw(v: unknown): string {
  const text = JSON.stringify(copy(v, 0));
  if (text.length <= RAW_MAX_CHARS) return text;
  // Half: quoted again as a string, each character may take two.
  return JSON.stringify({ truncated: true, head: printable(text.slice(0, RAW_MAX_CHARS / 2)) });
}
