import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type TokenStatusQuerySchema } from '@vortex/core';
import type { z } from 'zod';
import { bridgeAdminTexts as t } from '../messages';
import { bridgeAdminKeys } from './query-keys';
import { adminCall } from './request';
import { useAdminAction } from './use-admin-action';

export type TokenStatus = NonNullable<z.infer<typeof TokenStatusQuerySchema>['status']>;

/** GET /api/bridge/admin/tokens[?status=]. */
export function useTokens(status: TokenStatus | undefined) {
  return useQuery({
    queryKey: [...bridgeAdminKeys.tokens, status ?? 'all'],
    queryFn: async ({ signal }) =>
      (await adminCall(endpoints.bridge.adminTokens, { query: { status }, signal })).items,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/bridge/admin/token/revoke/{tokenId}; §4: pending tokens only. */
export function useRevokeToken() {
  return useAdminAction({
    request: (tokenId: string) => adminCall(endpoints.bridge.revokeToken, { params: { tokenId } }),
    success: () => t.tokens.revoked,
    failure: t.tokens.revokeFailed,
    invalidates: [bridgeAdminKeys.tokens],
  });
}
