import { format, parseISO } from 'date-fns';

/** A creation date as dd/MM/yyyy (pt-BR), or '—' when the server sent none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = parseISO(iso);
  return Number.isNaN(d.getTime()) ? '—' : format(d, 'dd/MM/yyyy');
}
