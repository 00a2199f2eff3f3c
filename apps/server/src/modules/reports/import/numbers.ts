// MT5 writes numbers with space (or NBSP) thousands and a dot decimal ("-2 351.16"), sometimes a
// typographic minus (&minus;), composites "9 (4 062.95)" / "7.62% (16 518.16)", and XLSX numeric
// cells with 6 decimals ("-475.210000"). Nothing here is locale-dependent.

/** The number in `text`, or null when the cell is empty or not a number. */
export function parseNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const cleaned = text
    .replace(/[\s\u00a0\u202f\u2009]/g, '')
    .replace(/\u2212/g, '-')
    .replace(/%$/, '');
  if (cleaned === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  return Number(cleaned);
}

/** "16 518.16 (7.62%)" -> [16518.16, 7.62]; "202" -> [202, null]. */
export function parseComposite(text: string | undefined): [number | null, number | null] {
  if (text === undefined) return [null, null];
  const open = text.indexOf('(');
  if (open < 0) return [parseNumber(text), null];
  const close = text.lastIndexOf(')');
  return [
    parseNumber(text.slice(0, open)),
    parseNumber(text.slice(open + 1, close > open ? close : undefined)),
  ];
}

/** "2041:00:31" (hours may exceed 24) -> seconds. */
export function parseDuration(text: string | undefined): number | null {
  const parts = text?.trim().split(':') ?? [];
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [h, m, s] = parts.map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

/** "0.3 / 0" -> [0.3, 0] (requested, filled). */
export function parseVolumePair(text: string | undefined): [number | null, number | null] {
  if (text === undefined) return [null, null];
  const slash = text.indexOf('/');
  if (slash < 0) {
    const v = parseNumber(text);
    return [v, v];
  }
  return [parseNumber(text.slice(0, slash)), parseNumber(text.slice(slash + 1))];
}

const TIME = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

export function isTimeText(text: string | undefined): text is string {
  return text !== undefined && TIME.test(text);
}

/** The wall clock written by the terminal, as epoch ms read as if it were UTC (see the schema). */
export function wallClockMs(text: string): number | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
}
