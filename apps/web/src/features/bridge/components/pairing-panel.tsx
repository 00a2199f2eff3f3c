import { formatDateTimePtBR } from '@vortex/core';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Copy, KeyRound, PlugZap, RefreshCw, Unplug } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { isAdmin, useCurrentUser } from '../../../lib/session';
import {
  bridgeKeys,
  revokeUserSessions,
  terminateBridgeSession,
  useMt5Status,
} from '../api/bridge-queries';
import { usePairingToken, type TokenStatus } from '../hooks/use-pairing-token';
import { bridgeTexts, tokenStatusLabels } from '../messages';

const ACCOUNT_RECHECK_MS = 1_000;

const statusVariant: Record<TokenStatus, 'primary' | 'success' | 'warning' | 'destructive'> = {
  pending: 'primary',
  paired: 'success',
  expired: 'warning',
  revoked: 'destructive',
  terminated: 'warning',
};

/**
 * The pairing panel (/bridge and /welcome): connected shows the account and MT5 state; otherwise
 * generate a token, paste it into the local bridge and wait for 'Conectado'.
 */
export function PairingPanel({ onConnected }: { onConnected?: () => void }) {
  const user = useCurrentUser();
  const client = useQueryClient();
  const mt5 = useMt5Status();
  const pairing = usePairingToken();
  const [ending, setEnding] = useState(false);
  const status = mt5.data;
  const connected = status?.bridge_connected === true;

  const account = status?.account ?? null;

  // Connected before the agent's hello: ask again shortly, since a live event may be missed.
  useEffect(() => {
    if (!connected || account !== null) return;
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: bridgeKeys.mt5Status }),
      ACCOUNT_RECHECK_MS,
    );
    return () => clearTimeout(timer);
  }, [connected, account, status, client]);

  // Pairing completes once the account is known.
  useEffect(() => {
    if (connected && account !== null) onConnected?.();
  }, [connected, account, onConnected]);

  async function end(kind: 'terminate' | 'revoke') {
    setEnding(true);
    try {
      if (kind === 'revoke' && user) {
        const r = await revokeUserSessions(user.id);
        toast.success(r.message);
      } else {
        await terminateBridgeSession();
        toast.success(bridgeTexts.ended);
      }
      pairing.markEnded();
      await client.invalidateQueries({ queryKey: bridgeKeys.mt5Status });
    } catch (error) {
      toast.error(`${bridgeTexts.endFailed}: ${error instanceof Error ? error.message : ''}`);
    } finally {
      setEnding(false);
    }
  }

  const admin = isAdmin(user);
  const token = pairing.token;

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {connected ? (
            <CheckCircle2 aria-hidden className="size-5 text-success" />
          ) : (
            <PlugZap aria-hidden className="size-5 text-muted-foreground" />
          )}
          {connected ? bridgeTexts.connected : bridgeTexts.notConnected}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {status?.bridge_connected ? (
          <div className="space-y-4">
            <dl className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border border-border p-3">
                <dt className="text-xs text-muted-foreground">{bridgeTexts.account}</dt>
                <dd className="mt-1 font-mono text-lg font-semibold" data-testid="paired-account">
                  {status.account ?? bridgeTexts.notAvailable}
                </dd>
              </div>
              <div className="rounded-lg border border-border p-3">
                <dt className="text-xs text-muted-foreground">MT5</dt>
                <dd className="mt-1">
                  <Badge variant={status.mt5_connected ? 'success' : 'warning'}>
                    {status.mt5_connected ? bridgeTexts.mt5Connected : bridgeTexts.mt5Disconnected}
                  </Badge>
                </dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={ending} onClick={() => void end('terminate')}>
                <Unplug aria-hidden />
                {bridgeTexts.disconnect}
              </Button>
              {admin && (
                <Button variant="destructive" disabled={ending} onClick={() => void end('revoke')}>
                  {bridgeTexts.revoke}
                </Button>
              )}
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <Button
              onClick={() => void pairing.generate()}
              disabled={pairing.busy || token?.status === 'pending'}
            >
              <KeyRound aria-hidden />
              {bridgeTexts.generate}
            </Button>
            {pairing.generateError && <Alert variant="error">{pairing.generateError}</Alert>}
            {token && (
              <div className="space-y-3 rounded-lg border border-border bg-muted/30 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-xs text-muted-foreground">{bridgeTexts.token}</span>
                  <Badge variant={statusVariant[token.status]} data-testid="token-status">
                    {bridgeTexts.status}: {tokenStatusLabels[token.status]}
                  </Badge>
                </div>
                <div className="flex items-center gap-2">
                  <code
                    className="min-w-0 flex-1 truncate rounded-md bg-background px-3 py-2 font-mono text-sm"
                    data-testid="pairing-token"
                  >
                    {token.token}
                  </code>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={bridgeTexts.copy}
                    onClick={() => {
                      // Absent outside secure contexts (a LAN address over http).
                      try {
                        void navigator.clipboard
                          .writeText(token.token)
                          .then(() => toast.success(bridgeTexts.copied));
                      } catch {
                        /* the token stays visible to copy by hand */
                      }
                    }}
                  >
                    <Copy aria-hidden />
                  </Button>
                </div>
                <p className="text-sm text-muted-foreground">
                  {bridgeTexts.expiresAt}: {formatDateTimePtBR(token.expiresAt)}
                </p>
                {token.problem && <Alert variant="info">{token.problem}</Alert>}
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pairing.busy}
                    onClick={() => void pairing.generate()}
                  >
                    {bridgeTexts.newToken}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => void pairing.refresh()}>
                    <RefreshCw aria-hidden />
                    {bridgeTexts.refresh}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={ending}
                    onClick={() => void end('terminate')}
                  >
                    {bridgeTexts.end}
                  </Button>
                  {admin && (
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={ending}
                      onClick={() => void end('revoke')}
                    >
                      {bridgeTexts.revoke}
                    </Button>
                  )}
                </div>
              </div>
            )}
          </div>
        )}
        <div>
          <h3 className="text-sm font-medium">{bridgeTexts.stepsTitle}</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            {bridgeTexts.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </div>
      </CardContent>
    </Card>
  );
}
