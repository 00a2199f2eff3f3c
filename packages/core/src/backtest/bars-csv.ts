import { DEFAULT_TIME_ZONE } from '../trading/constants.js';
import { zoneClock } from '../trading/zone-clock.js';
import type { BarLike } from '../strategies/signal.js';
import { backtestMessages as m } from './messages.js';

export type ParsedBars = { ok: true; bars: BarLike[] } | { ok: false; error: string };

const MT5_DATE = /^(\d{4})[.-](\d{2})[.-](\d{2})$/;
const MT5_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Local São Paulo wall time as epoch seconds (MT5 exports the broker's time, B3's zone). */
function localSeconds(date: string, time: string): number | null {
  const d = MT5_DATE.exec(date);
  const t = MT5_TIME.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const naive = Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
  const check = new Date(naive);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const clock = zoneClock(DEFAULT_TIME_ZONE);
  const guess = naive - clock.offsetAt(naive);
  return (naive - clock.offsetAt(guess)) / 1000;
}

/** An epoch (seconds or ms) or an ISO date-time, as epoch seconds. */
function epochSeconds(text: string): number | null {
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    return n >= 1e11 ? Math.floor(n / 1000) : Math.floor(n);
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

const normalise = (name: string) => name.trim().replace(/^<|>$/g, '').toLowerCase();

/**
 * Bars from a CSV the trader uploads: MT5's own export (tab-separated `<DATE> <TIME> <OPEN>
 * <HIGH> <LOW> <CLOSE> ...`, the broker's São Paulo time), or any comma/semicolon/tab file with
 * a header naming `time` (epoch or ISO) or `date` + `time`, and `open`, `high`, `low`,
 * `close`. Rows must be in time order, one per bar; the first bad row is named in pt-BR.
 */
export function parseBarsCsv(text: string, maxBars: number): ParsedBars {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0];
  if (header === undefined) return { ok: false, error: m.csvEmpty };
  const separator = header.includes('\t') ? '\t' : header.includes(';') ? ';' : ',';
  const names = header.split(separator).map(normalise);
  const col = (name: string) => names.indexOf(name);
  const [open, high, low, close] = ['open', 'high', 'low', 'close'].map(col);
  const [date, time] = [col('date'), col('time')];
  if ([open, high, low, close, time].some((i) => i === undefined || i < 0)) {
    return { ok: false, error: m.csvHeader };
  }
  if (lines.length - 1 > maxBars) return { ok: false, error: m.csvTooManyBars(maxBars) };
  const bars: BarLike[] = [];
  for (let row = 1; row < lines.length; row++) {
    const cells = (lines[row] as string).split(separator).map((c) => c.trim());
    const at =
      date >= 0
        ? localSeconds(cells[date] ?? '', cells[time] ?? '')
        : epochSeconds(cells[time] ?? '');
    const prices = [open, high, low, close].map((i) => Number(cells[i as number]));
    const [o, h, l, c] = prices as [number, number, number, number];
    const line = row + 1;
    if (at === null) return { ok: false, error: m.csvBadTime(line) };
    if (!prices.every((p) => Number.isFinite(p) && p > 0)) {
      return { ok: false, error: m.csvBadPrice(line) };
    }
    if (h < Math.max(o, c, l) || l > Math.min(o, c))
      return { ok: false, error: m.csvBadRange(line) };
    const previous = bars[bars.length - 1];
    if (previous && at <= previous.time) return { ok: false, error: m.csvOutOfOrder(line) };
    bars.push({ time: at, open: o, high: h, low: l, close: c });
  }
  if (bars.length === 0) return { ok: false, error: m.csvEmpty };
  return { ok: true, bars };
}
