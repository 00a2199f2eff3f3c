import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@vortex/core';
import { bridgeAdminTexts as t } from '../messages';
import { bridgeAdminKeys } from './query-keys';
import { adminCall } from './request';
import { useAdminAction } from './use-admin-action';

/** trading.md §9: the sessions list is polled every 15 s. */
export const SESSIONS_POLL_MS = 15_000;

/** GET /bridge/admin/sessions[?user_id=]. */
export function useSessions(userId: number | undefined) {
  return useQuery({
    queryKey: [...bridgeAdminKeys.sessions, userId ?? 'all'],
    queryFn: async ({ signal }) => {
      const { items } = await adminCall(endpoints.bridge.adminSessions, {
        query: { user_id: userId },
        signal,
      });
      // ttl_seconds counts from the answer, whatever the browser's clock says about expires_at.
      return { items, receivedAt: Date.now() };
    },
    refetchInterval: SESSIONS_POLL_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /bridge/my-bridges: does the admin have a paired bridge of their own? */
export function useHasOwnBridge() {
  const query = useQuery({
    queryKey: bridgeAdminKeys.myBridges,
    queryFn: async ({ signal }) => (await adminCall(endpoints.bridge.myBridges, { signal })).items,
    retry: false,
  });
  // Unknown until it answers: no warning on a failed or pending call.
  return query.data ? query.data.some((claim) => claim.status === 'active') : undefined;
}

/** POST /api/bridge/admin/revoke/{userId}: every active session of that user. */
export function useRevokeUserSessions() {
  return useAdminAction({
    request: (userId: number) =>
      adminCall(endpoints.bridge.revokeUserSessions, { params: { userId } }),
    success: (_result, userId) => t.sessions.revoked(userId),
    failure: t.sessions.revokeFailed,
    invalidates: [bridgeAdminKeys.sessions],
  });
}

/** POST /bridge/admin/cleanup; §5: user_id only when numeric, otherwise everyone. */
export function useCleanup() {
  return useAdminAction({
    request: (userId: number | undefined) =>
      adminCall(endpoints.bridge.cleanup, {
        body: userId === undefined ? {} : { user_id: userId },
      }),
    success: (r) => t.sessions.cleanupDone(r.sessions_revoked, r.tokens_revoked, r.tokens_purged),
    failure: t.sessions.cleanupFailed,
    invalidates: [bridgeAdminKeys.sessions, bridgeAdminKeys.tokens],
  });
}
