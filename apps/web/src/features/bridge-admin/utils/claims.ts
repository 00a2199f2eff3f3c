import { CLAIM_ONLINE_MS, type Claim } from '@vortex/core';
import { msSince } from './time';

/** §4: online means active and seen less than 60 s ago. */
export function isClaimOnline(claim: Claim, now: number): boolean {
  return claim.status === 'active' && msSince(claim.last_seen_at, now) < CLAIM_ONLINE_MS;
}

/** §4: revoke is offered unless already revoked; reset only for mismatch or revoked. */
export const canRevokeClaim = (claim: Claim) => claim.status !== 'revoked';
export const canResetClaim = (claim: Claim) =>
  claim.status === 'mismatch' || claim.status === 'revoked';
