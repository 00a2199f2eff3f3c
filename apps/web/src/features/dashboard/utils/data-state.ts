import { CLAIM_DASHBOARD_FRESH_MS, type Claim } from '@vortex/core';
import type { Mt5Status } from '../../../lib/mt5-status';

/** trading.md §4: what the status banner says. */
export type DataState = 'loading' | 'live' | 'empty' | 'bridge_error';

/** What the no-data notice says about the bridge (trading.md §2). */
export type BridgeInfo = 'awaiting' | 'mt5_off' | 'unreachable' | 'unpaired';

/** A claim seen in the last 5 minutes means a bridge exists, reachable or not (§9). */
export function hasFreshClaim(claims: readonly Claim[], now: number): boolean {
  return claims.some((c) => {
    if (c.status === 'revoked' || !c.last_seen_at) return false;
    return now - Date.parse(c.last_seen_at) <= CLAIM_DASHBOARD_FRESH_MS;
  });
}

export function bridgeInfoOf(
  status: Mt5Status | undefined,
  claims: readonly Claim[],
  now: number,
): BridgeInfo {
  if (status?.bridge_connected) return status.mt5_connected ? 'awaiting' : 'mt5_off';
  return hasFreshClaim(claims, now) ? 'unreachable' : 'unpaired';
}

/**
 * Live as soon as completed positions exist. Without them, a bridge that exists but cannot be
 * reached (or whose status cannot be read) is a bridge error; anything else, errors included,
 * is empty.
 */
export function dataStateOf(input: {
  pending: boolean;
  totalTrades: number | undefined;
  statusFailed: boolean;
  bridgeInfo: BridgeInfo;
}): DataState {
  if (input.pending) return 'loading';
  if ((input.totalTrades ?? 0) > 0) return 'live';
  if (input.statusFailed || input.bridgeInfo === 'unreachable') return 'bridge_error';
  return 'empty';
}
