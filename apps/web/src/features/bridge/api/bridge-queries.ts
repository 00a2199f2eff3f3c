import {
  BridgeTokenCreatedSchema,
  BridgeTokenStatusSchema,
  InstallerResponseSchema,
  MessageResponseSchema,
  MyBridgesResponseSchema,
} from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest, errorMessageOf, HttpError } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

export const bridgeKeys = {
  myBridges: ['bridge', 'my-bridges'] as const,
  mt5Status: sharedKeys.mt5Status,
  token: (token: string) => ['bridge', 'token', token] as const,
};

/** trading.md §9: my-bridges every 20 s. */
export const MY_BRIDGES_POLL_MS = 20_000;
export const TOKEN_POLL_MS = 5_000;
export const ONBOARDING_RECHECK_MS = 15_000;

export function useMyBridges(refetchInterval = MY_BRIDGES_POLL_MS) {
  return useQuery({
    queryKey: bridgeKeys.myBridges,
    queryFn: ({ signal }) => apiJson('/bridge/my-bridges', MyBridgesResponseSchema, { signal }),
    refetchInterval,
  });
}

export { useMt5Status } from '../../../lib/mt5-status';

export function createPairingToken() {
  return apiJson('/bridge/token/create', BridgeTokenCreatedSchema, {
    method: 'POST',
    json: { label: 'manual' },
  });
}

export function fetchTokenStatus(token: string, signal?: AbortSignal) {
  return apiJson(
    `/bridge/token/status/${encodeURIComponent(token)}`,
    BridgeTokenStatusSchema,
    signal ? { signal } : {},
  );
}

export function terminateBridgeSession() {
  return apiJson('/bridge/session/terminate', MessageResponseSchema, { method: 'POST' });
}

export function revokeUserSessions(userId: number) {
  return apiJson(`/api/bridge/admin/revoke/${userId}`, MessageResponseSchema, { method: 'POST' });
}

/** The installer link; the browser is then sent to it. */
export async function requestInstaller(): Promise<string | undefined> {
  const res = await apiRequest('/api/bridge/installer/iot/zip');
  if (!res.ok) throw new HttpError(errorMessageOf(res, `HTTP ${res.status}`), res.status);
  const parsed = InstallerResponseSchema.partial().safeParse(res.data);
  return parsed.success ? parsed.data.download_url : undefined;
}
