import { formatBRL, formatDateTimePtBR, formatDecimal, formatPercent } from '@vortex/core';

const NONE = '—';

/** Reais as the app shows them; an account in another currency keeps its own code. */
export function formatMoney(value: number | null, currency: string): string {
  if (value === null) return NONE;
  return currency === 'BRL' ? formatBRL(value) : `${formatDecimal(value)} ${currency}`;
}

/** MT5 reports the margin level in percent units (equity / margin × 100); none without margin. */
export function formatMarginLevel(level: number | null): string {
  return level === null || level === 0 ? NONE : formatPercent(level);
}

export function formatUpdatedAt(iso: string | null): string {
  return iso === null ? NONE : formatDateTimePtBR(iso, undefined, true);
}
