import type { PublicUser } from '@vortex/core';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** §2: the recipient search looks at username, email, phone and account type (and the name). */
export function filterRecipients(users: PublicUser[], query: string): PublicUser[] {
  const q = fold(query.trim());
  if (!q) return users;
  const digits = q.replace(/\D/g, '');
  return users.filter((u) => {
    const text = fold([u.username, u.full_name, u.email, u.account_type].join(' '));
    const phone = (u.phone ?? '').replace(/\D/g, '');
    return text.includes(q) || (digits.length > 0 && phone.includes(digits));
  });
}

/** The ids of the users of one account type (the 'Somente demo' and 'Somente real' buttons). */
export const idsOfType = (users: PublicUser[], type: 'DEMO' | 'REAL'): number[] =>
  users.filter((u) => u.account_type.toUpperCase() === type).map((u) => u.id);

/** §5: an empty selection means every user. */
export const recipientsOf = (selected: number[]): number[] | 'all' =>
  selected.length === 0 ? 'all' : selected;
