import {
  BridgeTokenCreatedSchema,
  BridgeTokenStatusSchema,
  InstallerResponseSchema,
  MessageResponseSchema,
  Mt5StatusSchema,
  MyBridgesResponseSchema,
} from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest, errorMessageOf, HttpError } from '../../../lib/api-client';

export const bridgeKeys = {
  myBridges: ['bridge', 'my-bridges'] as const,
  mt5Status: ['bridge', 'mt5-status'] as const,
  token: (token: string) => ['bridge', 'token', token] as const,
};

/** trading.md §9: my-bridges every 20 s; the badge's MT5 status every 60 s. */
export const MY_BRIDGES_POLL_MS = 20_000;
export const MT5_STATUS_POLL_MS = 60_000;
export const TOKEN_POLL_MS = 5_000;
export const ONBOARDING_RECHECK_MS = 15_000;

export function useMyBridges(refetchInterval = MY_BRIDGES_POLL_MS) {
  return useQuery({
    queryKey: bridgeKeys.myBridges,
    queryFn: ({ signal }) => apiJson('/bridge/my-bridges', MyBridgesResponseSchema, { signal }),
    refetchInterval,
  });
}

export function useMt5Status() {
  return useQuery({
    queryKey: bridgeKeys.mt5Status,
    queryFn: ({ signal }) => apiJson('/api/mt5/status', Mt5StatusSchema, { signal }),
    refetchInterval: MT5_STATUS_POLL_MS,
  });
}

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
