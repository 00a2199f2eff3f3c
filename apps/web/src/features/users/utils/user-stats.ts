import type { PublicUser } from '@vortex/core';
import { isActiveStatus } from './user-status';

export interface UserStats {
  total: number;
  pending: number;
  active: number;
  onlineToday: number;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** §9: online today means a last login on today's UTC date. */
export function loggedInToday(lastLogin: string | null, now: Date): boolean {
  if (!lastLogin) return false;
  const at = new Date(lastLogin);
  return !Number.isNaN(at.getTime()) && utcDay(at) === utcDay(now);
}

export function computeUserStats(users: readonly PublicUser[], now = new Date()): UserStats {
  return {
    total: users.length,
    pending: users.filter((u) => u.status === 'pending').length,
    active: users.filter((u) => isActiveStatus(u.status)).length,
    onlineToday: users.filter((u) => loggedInToday(u.last_login, now)).length,
  };
}
