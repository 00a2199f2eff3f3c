import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type ClaimStatusQuerySchema } from '@vortex/core';
import type { z } from 'zod';
import { bridgeAdminTexts as t } from '../messages';
import { bridgeAdminKeys } from './query-keys';
import { adminCall } from './request';
import { useAdminAction } from './use-admin-action';

export type ClaimStatus = NonNullable<z.infer<typeof ClaimStatusQuerySchema>['status']>;

/** GET /api/bridge/admin/claims[?status=]. */
export function useClaims(status: ClaimStatus | undefined) {
  return useQuery({
    queryKey: [...bridgeAdminKeys.claims, status ?? 'all'],
    queryFn: async ({ signal }) =>
      (await adminCall(endpoints.bridge.adminClaims, { query: { status }, signal })).items,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/bridge/claim/{id}/revoke or /reset. Ending a claim also ends its sessions. */
export function useClaimAction(action: 'revoke' | 'reset') {
  return useAdminAction({
    request: (id: string) =>
      adminCall(action === 'revoke' ? endpoints.bridge.revokeClaim : endpoints.bridge.resetClaim, {
        params: { id },
      }),
    success: () => (action === 'revoke' ? t.claims.revoked : t.claims.resetDone),
    failure: t.claims.failed,
    invalidates: [bridgeAdminKeys.claims, bridgeAdminKeys.sessions, bridgeAdminKeys.myBridges],
  });
}
