import { formatMoney as formatAmount, formatDateTimePtBR, formatPercent } from '@vortex/core';

const NONE = '—';

/** An amount as pt-BR writes the account's currency ('R$', 'US$', '€'…). */
export function formatMoney(value: number | null, currency: string): string {
  if (value === null) return NONE;
  return formatAmount(value, currency);
}

/** MT5 reports the margin level in percent units (equity / margin × 100); none without margin. */
export function formatMarginLevel(level: number | null): string {
  return level === null || level === 0 ? NONE : formatPercent(level);
}

export function formatUpdatedAt(iso: string | null): string {
  return iso === null ? NONE : formatDateTimePtBR(iso, undefined, true);
}
