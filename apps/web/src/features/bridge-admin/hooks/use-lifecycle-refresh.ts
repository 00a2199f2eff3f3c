import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { BRIDGE_LIFECYCLE_EVENTS, type BridgeLifecycleEventType } from '@vortex/core';
import { useLiveEvents } from '../../../lib/live';
import { bridgeAdminKeys as keys } from '../api/query-keys';

const { claims, sessions, tokens, myBridges } = keys;

/** §4: each lifecycle event refreshes the admin lists it changes (toasts are the layout's). */
const refreshes: Record<BridgeLifecycleEventType, QueryKey[]> = {
  // A pairing uses a token, opens a session and may create or activate a claim.
  bridge_paired: [sessions, tokens, claims, myBridges],
  bridge_revoked: [sessions],
  // Sent by cleanup, which also expires and purges tokens.
  bridge_revoked_all: [sessions, tokens],
  bridge_terminated: [sessions],
  bridge_refreshed: [sessions],
  bridge_token_revoked: [tokens],
  bridge_claim_active: [claims, myBridges],
  bridge_claim_mismatch: [claims, myBridges],
  // Revoking a claim ends its sessions.
  bridge_claim_revoked: [claims, sessions, myBridges],
  bridge_claim_reset: [claims, myBridges],
};

const lifecycle = new Set<string>(BRIDGE_LIFECYCLE_EVENTS);

export function useLifecycleRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (!lifecycle.has(event.type)) return;
    for (const queryKey of refreshes[event.type as BridgeLifecycleEventType]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
}
