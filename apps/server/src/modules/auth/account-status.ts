import { loginMessages, type PublicUser } from '@vortex/core';

/** Why an account may not be used right now, in pt-BR; undefined when it may. */
export function accountBlock(
  user: Pick<PublicUser, 'status' | 'account_type' | 'trial_ends_at'>,
  now: Date,
): string | undefined {
  switch (user.status) {
    case 'pending':
      return loginMessages.pending;
    case 'rejected':
      return loginMessages.rejected;
    case 'suspended':
      return loginMessages.suspended;
    case 'active':
    case 'approved':
      break;
  }
  if (user.account_type === 'DEMO' && user.trial_ends_at && new Date(user.trial_ends_at) <= now) {
    return loginMessages.trialEnded;
  }
  return undefined;
}
