import type { PublicUser } from '@vortex/core';

export type StatusBadge = 'pending' | 'active' | 'suspended';

/**
 * §4: pending 'Pendente', active 'Ativo', suspended 'Suspenso', anything unknown as pending.
 * 'approved' shows as active: the spec counts and lists it with the active accounts.
 */
export function statusBadgeOf(status: string): StatusBadge {
  if (status === 'active' || status === 'approved') return 'active';
  if (status === 'suspended') return 'suspended';
  return 'pending';
}

/** §4 and §9: 'approved' and 'active' are the active accounts. */
export const isActiveStatus = (status: string) => status === 'active' || status === 'approved';

export const isPending = (user: PublicUser) => user.status === 'pending';

/**
 * The active tab: approved and active accounts, and suspended ones too, so an admin can find
 * and reactivate them (otherwise a suspension would hide the account from this screen for good).
 */
export const belongsToActiveTab = (user: PublicUser) =>
  isActiveStatus(user.status) || user.status === 'suspended';

/** The edit form offers pending, active and suspended (§4); 'approved' edits as active. */
export function editableStatusOf(status: string): 'pending' | 'active' | 'suspended' {
  return statusBadgeOf(status);
}
