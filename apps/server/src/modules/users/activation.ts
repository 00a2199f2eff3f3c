import type { AccountType, PublicUser, UserStatus } from '@vortex/core';
import type { UserPatch } from './users.repo.js';

export const TRIAL_DAYS = 7;

export const isActive = (u: { status: UserStatus }) =>
  u.status === 'active' || u.status === 'approved';

export interface Activation {
  /** What the change writes besides the admin's own fields. */
  patch: UserPatch;
  /** The account was waiting for approval (or had been rejected): the trader is told by mail. */
  approved: boolean;
}

/**
 * The one rule for every path that makes an account usable (approval, an admin's edit of its
 * status or type): a DEMO account that becomes active, or an active account that becomes DEMO,
 * starts its 7-day trial now unless it already had one (suspending and reactivating never
 * renews it); an account that was pending or rejected is approved by the actor.
 */
export function activation(
  before: PublicUser,
  after: { status?: UserStatus | undefined; account_type?: AccountType | undefined },
  actorId: number,
  now: Date,
): Activation {
  const status = after.status ?? before.status;
  const type = after.account_type ?? before.account_type;
  const patch: UserPatch = {};
  if (!isActive({ status })) return { patch, approved: false };
  const becomesActive = !isActive(before);
  const becomesDemo = before.account_type !== 'DEMO' && type === 'DEMO';
  if (type === 'DEMO' && (becomesActive || becomesDemo) && before.trial_ends_at === null) {
    patch.trial_ends_at = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  }
  const approved = before.status === 'pending' || before.status === 'rejected';
  if (approved) {
    patch.approved_at = now;
    patch.approved_by = actorId;
  }
  return { patch, approved };
}
