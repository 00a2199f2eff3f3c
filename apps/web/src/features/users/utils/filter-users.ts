import type { PublicUser, Role } from '@vortex/core';
import { isActiveStatus } from './user-status';

export interface UserFilters {
  search: string;
  role: Role | 'all';
  status: 'all' | 'pending' | 'active' | 'suspended';
  accountType: 'all' | 'REAL' | 'DEMO';
}

export const NO_FILTERS: UserFilters = {
  search: '',
  role: 'all',
  status: 'all',
  accountType: 'all',
};

/** Case- and accent-insensitive: 'joao' finds 'João'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function matchesStatus(status: string, wanted: UserFilters['status']): boolean {
  if (wanted === 'all') return true;
  if (wanted === 'active') return isActiveStatus(status);
  return status === wanted;
}

/** §2's filters: free text over name, username, email and unique id; role; status; type. */
export function filterUsers(users: readonly PublicUser[], filters: UserFilters): PublicUser[] {
  const needle = fold(filters.search.trim());
  return users.filter(
    (user) =>
      (!needle ||
        [user.full_name, user.username, user.email, user.unique_id].some((field) =>
          fold(field).includes(needle),
        )) &&
      (filters.role === 'all' || user.role === filters.role) &&
      matchesStatus(user.status, filters.status) &&
      (filters.accountType === 'all' || user.account_type.toUpperCase() === filters.accountType),
  );
}
