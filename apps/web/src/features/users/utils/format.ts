import { formatDateTimePtBR } from '@vortex/core';
import { usersTexts as t } from '../messages';

/** 'dd/mm/aaaa HH:mm' in the pt-BR locale, or 'Nunca' (§2). */
export const formatLastAccess = (lastLogin: string | null) =>
  lastLogin ? formatDateTimePtBR(lastLogin) : t.never;

/** AAAA-MM-DD shown as dd/mm/aaaa, without a time zone that could move the day. */
export function formatBirthDate(value: string | null): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? `${match[3] ?? ''}/${match[2] ?? ''}/${match[1] ?? ''}` : (value ?? '—');
}
