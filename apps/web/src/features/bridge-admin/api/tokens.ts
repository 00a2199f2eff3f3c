import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AdminTokensResponseSchema,
  MessageResponseSchema,
  type TokenStatusQuerySchema,
} from '@vortex/core';
import type { z } from 'zod';
import { bridgeAdminTexts as t } from '../messages';
import { bridgeAdminKeys } from './query-keys';
import { adminCall, queryString } from './request';
import { useAdminAction } from './use-admin-action';

export type TokenStatus = NonNullable<z.infer<typeof TokenStatusQuerySchema>['status']>;

/** GET /api/bridge/admin/tokens[?status=]. */
export function useTokens(status: TokenStatus | undefined) {
  return useQuery({
    queryKey: [...bridgeAdminKeys.tokens, status ?? 'all'],
    queryFn: async ({ signal }) =>
      (
        await adminCall(
          `/api/bridge/admin/tokens${queryString({ status })}`,
          AdminTokensResponseSchema,
          { signal },
        )
      ).items,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/bridge/admin/token/revoke/{tokenId}; §4: pending tokens only. */
export function useRevokeToken() {
  return useAdminAction({
    request: (tokenId: string) =>
      adminCall(
        `/api/bridge/admin/token/revoke/${encodeURIComponent(tokenId)}`,
        MessageResponseSchema,
        { method: 'POST' },
      ),
    success: () => t.tokens.revoked,
    failure: t.tokens.revokeFailed,
    invalidates: [bridgeAdminKeys.tokens],
  });
}
