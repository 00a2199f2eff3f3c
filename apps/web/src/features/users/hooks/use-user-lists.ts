import type { PublicUser } from '@vortex/core';
import { useMemo, useState } from 'react';
import { filterUsers, NO_FILTERS, type UserFilters } from '../utils/filter-users';
import { computeUserStats } from '../utils/user-stats';
import { belongsToActiveTab, isPending } from '../utils/user-status';

/** The filters, the two tab lists they produce and the statistics of the whole list. */
export function useUserLists(users: readonly PublicUser[]) {
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  return useMemo(() => {
    const shown = filterUsers(users, filters);
    return {
      filters,
      setFilters,
      stats: computeUserStats(users),
      pending: shown.filter(isPending),
      active: shown.filter(belongsToActiveTab),
    };
  }, [users, filters]);
}
