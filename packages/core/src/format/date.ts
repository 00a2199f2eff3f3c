import { DEFAULT_TIME_ZONE } from '../trading/constants.js';

export type DateInput = number | string | Date;

const PLACEHOLDER = '—';
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

/** Numbers are epoch milliseconds (deals in seconds go through toEpochMs first). */
function toMs(input: DateInput): number {
  if (input instanceof Date) return input.getTime();
  return typeof input === 'number' ? input : Date.parse(input);
}

function parts(format: Intl.DateTimeFormat, ms: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) out[part.type] = part.value;
  return out;
}

/** 'dd/mm/aaaa' in the given zone; '—' for an invalid date. */
export function formatDatePtBR(input: DateInput, timeZone = DEFAULT_TIME_ZONE): string {
  const ms = toMs(input);
  if (!Number.isFinite(ms)) return PLACEHOLDER;
  return cached(dateFormats, timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(ms);
}

// Assembled from parts: ICU versions disagree on the comma between date and time.
/** 'dd/mm/aaaa HH:mm' (or HH:mm:ss with seconds) in the given zone; '—' for an invalid date. */
export function formatDateTimePtBR(
  input: DateInput,
  timeZone = DEFAULT_TIME_ZONE,
  withSeconds = false,
): string {
  const ms = toMs(input);
  if (!Number.isFinite(ms)) return PLACEHOLDER;
  const p = parts(
    cached(dateTimeFormats, timeZone, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
    ms,
  );
  const time = `${p.hour ?? ''}:${p.minute ?? ''}`;
  const date = `${p.day ?? ''}/${p.month ?? ''}/${p.year ?? ''}`;
  return withSeconds ? `${date} ${time}:${p.second ?? ''}` : `${date} ${time}`;
}

/** 'HH:mm:ss' in the given zone, for "last updated" labels; '—' for an invalid date. */
export function formatTimePtBR(input: DateInput, timeZone = DEFAULT_TIME_ZONE): string {
  const full = formatDateTimePtBR(input, timeZone, true);
  return full === PLACEHOLDER ? full : full.slice(full.indexOf(' ') + 1);
}
