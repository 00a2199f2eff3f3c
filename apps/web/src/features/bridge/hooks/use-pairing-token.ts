import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError } from '../../../lib/api-client';
import { useLiveEvents, useLiveFeed } from '../../../lib/live';
import { createPairingToken, fetchTokenStatus, TOKEN_POLL_MS } from '../api/bridge-queries';
import { bridgeTexts } from '../messages';

export type TokenStatus = 'pending' | 'paired' | 'expired' | 'revoked' | 'terminated';

export interface PairingToken {
  token: string;
  expiresAt: string;
  status: TokenStatus;
  accountNumber: number | null;
  /** The spec's texts for a token gone (404) or expired. */
  problem: string | undefined;
}

/**
 * A generated pairing token and its status: polled every 5 s while pending and the live
 * channel is down; a live bridge_paired, revoked or terminated event moves it at once.
 */
export function usePairingToken() {
  const [current, setCurrent] = useState<{ token: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [generateError, setGenerateError] = useState<string | undefined>();
  const [liveStatus, setLiveStatus] = useState<TokenStatus | undefined>();
  const live = useLiveFeed();

  const status = useQuery({
    queryKey: ['bridge', 'token', current?.token],
    enabled: current !== null,
    queryFn: ({ signal }) => fetchTokenStatus(current?.token ?? '', signal),
    retry: (count, error) => !(error instanceof HttpError && error.status === 404) && count < 2,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      const gone = q.state.error instanceof HttpError && q.state.error.status === 404;
      return (s === undefined || s === 'pending') && !gone && live.status !== 'open'
        ? TOKEN_POLL_MS
        : false;
    },
  });

  useLiveEvents((e) => {
    if (!current) return;
    if (e.type === 'bridge_paired') {
      setLiveStatus('paired');
      void status.refetch();
    } else if (e.type === 'bridge_revoked' || e.type === 'bridge_claim_revoked') {
      setLiveStatus('revoked');
    } else if (e.type === 'bridge_terminated') {
      setLiveStatus('terminated');
    }
  });

  async function generate(): Promise<void> {
    setBusy(true);
    setGenerateError(undefined);
    try {
      const created = await createPairingToken();
      setLiveStatus(undefined);
      setCurrent({ token: created.token, expiresAt: created.expires_at });
    } catch {
      setGenerateError(bridgeTexts.generateFailed);
    } finally {
      setBusy(false);
    }
  }

  let token: PairingToken | null = null;
  if (current) {
    const notFound = status.error instanceof HttpError && status.error.status === 404;
    const polled = status.data?.status ?? 'pending';
    const s: TokenStatus = liveStatus ?? (notFound ? 'expired' : polled);
    token = {
      token: current.token,
      expiresAt: status.data?.expires_at ?? current.expiresAt,
      status: s,
      accountNumber: status.data?.account_number ?? null,
      problem: notFound
        ? bridgeTexts.tokenNotFound
        : s === 'expired'
          ? bridgeTexts.tokenExpired
          : status.error
            ? bridgeTexts.tokenStatusFailed
            : undefined,
    };
  }

  return {
    token,
    busy,
    generateError,
    generate,
    refresh: () => status.refetch(),
    markEnded: () => setLiveStatus('terminated'),
  };
}
