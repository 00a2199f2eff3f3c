import {
  CLAIM_DASHBOARD_FRESH_MS,
  CLAIM_ONBOARDING_FRESH_MS,
  CLAIM_ONLINE_MS,
  type Claim,
} from './status.schema.js';

/** access-and-admin.md §4: not paired, paired (agent installed, MT5 not confirmed), connected. */
export type PairingStatus = 'not_paired' | 'paired' | 'connected';

export interface OnboardingState {
  status: PairingStatus;
  /** The active claim the state is about, the most recently seen one. */
  claim: Claim | undefined;
  /** An installer's claim still waits for its agent's first heartbeat. */
  awaitingAutoClaim: boolean;
  /** The overlay may close: 'Acessar Dashboard' is offered. */
  complete: boolean;
}

const seenWithin = (c: Claim, now: number, ms: number) =>
  c.last_seen_at !== null && now - Date.parse(c.last_seen_at) <= ms;

function freshestActive(claims: readonly Claim[], now: number, ms: number): Claim | undefined {
  return claims
    .filter((c) => c.status === 'active' && seenWithin(c, now, ms))
    .sort((a, b) => Date.parse(b.last_seen_at ?? '') - Date.parse(a.last_seen_at ?? ''))[0];
}

/** Online: active and seen under 60 s ago (the admin claims panel). */
export function isClaimOnline(c: Claim, now: number): boolean {
  return c.status === 'active' && seenWithin(c, now, CLAIM_ONLINE_MS);
}

/**
 * Onboarding: an active claim seen within 2 minutes counts; it is complete when that claim has
 * an MT5 heartbeat or was seen within 60 seconds; connected means MT5 itself is confirmed.
 */
export function onboardingState(claims: readonly Claim[], now: number): OnboardingState {
  const claim = freshestActive(claims, now, CLAIM_ONBOARDING_FRESH_MS);
  const awaitingAutoClaim = claims.some((c) => c.status === 'pre_install');
  if (!claim) return { status: 'not_paired', claim: undefined, awaitingAutoClaim, complete: false };
  return {
    status: claim.last_hb_mt5 ? 'connected' : 'paired',
    claim,
    awaitingAutoClaim,
    complete: claim.last_hb_mt5 || seenWithin(claim, now, CLAIM_ONLINE_MS),
  };
}

/** The dashboard and login detection: an active claim seen within 5 minutes. */
export function hasRecentBridge(claims: readonly Claim[], now: number): boolean {
  return freshestActive(claims, now, CLAIM_DASHBOARD_FRESH_MS) !== undefined;
}
