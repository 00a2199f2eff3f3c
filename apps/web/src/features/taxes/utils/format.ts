import { formatBRL, formatDatePtBR, taxDayLabel } from '@vortex/core';

/** Integer cents as 'R$ 1.234,56'. */
export const brl = (cents: number): string => formatBRL(cents / 100);

/** The colour of a result: gains green, losses red, zero plain. */
export function toneOf(cents: number): string {
  if (cents > 0) return 'text-success';
  if (cents < 0) return 'text-destructive';
  return '';
}

/** When a DARF was marked paid: a timestamp read in São Paulo, a bare day as it is. */
export function paidOnLabel(paidAt: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(paidAt) ? taxDayLabel(paidAt) : formatDatePtBR(paidAt);
}
