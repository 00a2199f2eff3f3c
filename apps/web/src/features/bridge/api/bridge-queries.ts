import { endpoints, endpointUrl, InstallerResponseSchema } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config';
import { callEndpoint, errorMessageOf, HttpError, requestEndpoint } from '../../../lib/api-client';
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
    queryFn: ({ signal }) => callEndpoint(endpoints.bridge.myBridges, { signal }),
    refetchInterval,
    enabled,
  });
}

export { useMt5Status } from '../../../lib/mt5-status';

export function createPairingToken() {
  return callEndpoint(endpoints.bridge.createToken, { body: { label: 'manual' } });
}

/** The token travels in the body: a path would put it in every proxy's and server's log. */
export function fetchTokenStatus(token: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.bridge.tokenStatusByBody, {
    body: { token },
    ...(signal ? { signal } : {}),
  });
}

export function terminateBridgeSession() {
  return callEndpoint(endpoints.bridge.terminateSession);
}

export function revokeUserSessions(userId: number) {
  return callEndpoint(endpoints.bridge.revokeUserSessions, { params: { userId } });
}

/** Generates an installer; answers the id that downloads it (once, within 15 minutes). */
export async function requestInstaller(): Promise<string | undefined> {
  const res = await requestEndpoint(endpoints.installer.create);
  if (!res.ok) throw new HttpError(errorMessageOf(res, `HTTP ${res.status}`), res.status);
  const parsed = InstallerResponseSchema.partial().safeParse(res.data);
  return parsed.success ? parsed.data.download_id : undefined;
}

/** Fetches the zip with its id in the body (never in a URL) and saves it. */
export async function downloadInstaller(id: string): Promise<void> {
  const endpoint = endpoints.installer.downloadByBody;
  const res = await fetch(`${apiUrl()}${endpointUrl(endpoint)}`, {
    method: endpoint.method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id }),
  });
  if (!res.ok) throw new HttpError(`HTTP ${res.status}`, res.status);
  saveBlob(await res.blob(), 'VortexBridge.zip');
}
