import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AdminClaimsResponseSchema,
  MessageResponseSchema,
  type ClaimStatusQuerySchema,
} from '@vortex/core';
import type { z } from 'zod';
import { bridgeAdminTexts as t } from '../messages';
import { bridgeAdminKeys } from './query-keys';
import { adminCall, queryString } from './request';
import { useAdminAction } from './use-admin-action';

export type ClaimStatus = NonNullable<z.infer<typeof ClaimStatusQuerySchema>['status']>;

/** GET /api/bridge/admin/claims[?status=]. */
export function useClaims(status: ClaimStatus | undefined) {
  return useQuery({
    queryKey: [...bridgeAdminKeys.claims, status ?? 'all'],
    queryFn: async ({ signal }) =>
      (
        await adminCall(
          `/api/bridge/admin/claims${queryString({ status })}`,
          AdminClaimsResponseSchema,
          {
            signal,
          },
        )
      ).items,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/bridge/claim/{id}/revoke or /reset. Ending a claim also ends its sessions. */
export function useClaimAction(action: 'revoke' | 'reset') {
  return useAdminAction({
    request: (id: string) =>
      adminCall(`/api/bridge/claim/${encodeURIComponent(id)}/${action}`, MessageResponseSchema, {
        method: 'POST',
      }),
    success: () => (action === 'revoke' ? t.claims.revoked : t.claims.resetDone),
    failure: t.claims.failed,
    invalidates: [bridgeAdminKeys.claims, bridgeAdminKeys.sessions, bridgeAdminKeys.myBridges],
  });
}
