import {
  BridgeTokenCreatedSchema,
  BridgeTokenStatusSchema,
  InstallerResponseSchema,
  MessageResponseSchema,
  MyBridgesResponseSchema,
} from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config';
import { apiJson, apiRequest, errorMessageOf, HttpError } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { usePollWhileLiveDown } from '../../../lib/live';
import { saveBlob } from '../../../lib/save-file';

export const bridgeKeys = {
  myBridges: ['bridge', 'my-bridges'] as const,
  mt5Status: sharedKeys.mt5Status,
  token: (token: string) => ['bridge', 'token', token] as const,
};

/** trading.md §9: my-bridges every 20 s. */
export const MY_BRIDGES_POLL_MS = 20_000;
export const TOKEN_POLL_MS = 5_000;
export const ONBOARDING_RECHECK_MS = 15_000;

/** Polled only while the live channel is down: its pairing and claim events refresh it. */
export function useMyBridges(pollMs = MY_BRIDGES_POLL_MS, enabled = true) {
  const refetchInterval = usePollWhileLiveDown(pollMs);
  return useQuery({
    queryKey: bridgeKeys.myBridges,
    queryFn: ({ signal }) => apiJson('/bridge/my-bridges', MyBridgesResponseSchema, { signal }),
    refetchInterval,
    enabled,
  });
}

export { useMt5Status } from '../../../lib/mt5-status';

export function createPairingToken() {
  return apiJson('/bridge/token/create', BridgeTokenCreatedSchema, {
    method: 'POST',
    json: { label: 'manual' },
  });
}

/** The token travels in the body: a path would put it in every proxy's and server's log. */
export function fetchTokenStatus(token: string, signal?: AbortSignal) {
  return apiJson('/api/bridge/token/status', BridgeTokenStatusSchema, {
    method: 'POST',
    json: { token },
    ...(signal ? { signal } : {}),
  });
}

export function terminateBridgeSession() {
  return apiJson('/bridge/session/terminate', MessageResponseSchema, { method: 'POST' });
}

export function revokeUserSessions(userId: number) {
  return apiJson(`/api/bridge/admin/revoke/${userId}`, MessageResponseSchema, { method: 'POST' });
}

/** Generates an installer; answers the id that downloads it (once, within 15 minutes). */
export async function requestInstaller(): Promise<string | undefined> {
  const res = await apiRequest('/api/bridge/installer/iot/zip');
  if (!res.ok) throw new HttpError(errorMessageOf(res, `HTTP ${res.status}`), res.status);
  const parsed = InstallerResponseSchema.partial().safeParse(res.data);
  return parsed.success ? parsed.data.download_id : undefined;
}

/** Fetches the zip with its id in the body (never in a URL) and saves it. */
export async function downloadInstaller(id: string): Promise<void> {
  const res = await fetch(`${apiUrl()}/api/bridge/installer/download`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id }),
  });
  if (!res.ok) throw new HttpError(`HTTP ${res.status}`, res.status);
  saveBlob(await res.blob(), 'VortexBridge.zip');
}
