import { onboardingState, type OnboardingState } from '@vortex/core';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Circle, Download, HelpCircle, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useLiveEvents } from '../../../lib/live';
import {
  bridgeKeys,
  downloadInstaller,
  ONBOARDING_RECHECK_MS,
  requestInstaller,
  useMyBridges,
} from '../api/bridge-queries';
import { bridgeTexts, claimStatusLabels, onboardingTexts as t } from '../messages';

function progressText(s: OnboardingState): string {
  if (s.status === 'paired') return bridgeTexts.progressPaired;
  if (s.status === 'not_paired' && s.awaitingAutoClaim) return bridgeTexts.progressAutoClaim;
  if (s.status === 'not_paired') return bridgeTexts.progressWaiting;
  return bridgeTexts.waitConnected;
}

/** Which of the five steps are done, from the claim state. */
function stepsDone(s: OnboardingState, downloaded: boolean): boolean[] {
  const installed = s.claim !== undefined || s.awaitingAutoClaim;
  return [
    downloaded || installed,
    installed,
    s.claim !== undefined,
    s.status === 'connected',
    s.complete,
  ];
}

/** Once complete, 'Acessar Dashboard' is offered this long before the overlay closes itself. */
export const ONBOARDING_CLOSE_PAUSE_MS = 3_000;

/**
 * access-and-admin.md §2, §4: the blurred overlay a trader sees on the dashboard until a bridge
 * with MT5 is paired. Rechecks every 15 s and on every claim event; never shown to admins. It
 * leaves room for the forced sidebar rail and scrolls inside itself on a short screen.
 */
export function OnboardingOverlay({ onComplete }: { onComplete: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const bridges = useMyBridges(ONBOARDING_RECHECK_MS);
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const [downloadError, setDownloadError] = useState<string | undefined>();
  const [help, setHelp] = useState(false);

  useLiveEvents((e) => {
    if (e.type.startsWith('bridge_'))
      void client.invalidateQueries({ queryKey: bridgeKeys.myBridges });
  });

  // Judged at the moment of the answer; a recheck (every 15 s, or on a claim event) renews it.
  const state = onboardingState(bridges.data?.items ?? [], bridges.dataUpdatedAt);
  const done = stepsDone(state, downloaded);

  async function download() {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      const id = await requestInstaller();
      if (!id) {
        setDownloadError(bridgeTexts.zipNoUrl);
        return;
      }
      await downloadInstaller(id);
      setDownloaded(true);
      // Its pre_install claim exists now: shown at once rather than at the next 15 s recheck.
      void client.invalidateQueries({ queryKey: bridgeKeys.myBridges });
    } catch {
      setDownloadError(bridgeTexts.zipFailed);
    } finally {
      setDownloading(false);
    }
  }

  function enter() {
    onComplete();
    void navigate(paths.dashboard.path);
  }

  // The rule holds: the overlay closes by itself after a moment, the button closes it at once.
  useEffect(() => {
    if (!state.complete) return;
    const timer = setTimeout(onComplete, ONBOARDING_CLOSE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [state.complete, onComplete]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="onboarding-title"
      // Beside the forced sidebar (an icon rail below lg), never under it; the card's auto margins
      // centre it when it fits and let it scroll from its top when it does not.
      className="fixed inset-y-0 right-0 left-16 z-40 flex overflow-y-auto overscroll-contain bg-background/60 p-3 backdrop-blur-md sm:p-4 lg:left-64"
    >
      <Card className="m-auto w-full max-w-2xl shadow-xl">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 p-4 sm:gap-4 sm:p-6">
          <div className="min-w-0 flex-1 basis-48 space-y-1">
            <CardTitle id="onboarding-title">{t.title}</CardTitle>
            <p className="text-sm text-muted-foreground">{t.intro}</p>
          </div>
          <Button variant="ghost" size="sm" onClick={() => setHelp((h) => !h)}>
            <HelpCircle aria-hidden />
            {t.help}
          </Button>
        </CardHeader>
        <CardContent className="space-y-5 px-4 pb-4 sm:px-6 sm:pb-6">
          {help && (
            <div
              role="region"
              aria-label={t.helpTitle}
              className="rounded-lg border border-border p-4"
            >
              <h3 className="text-sm font-medium">{t.helpTitle}</h3>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                {t.helpSteps.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ol>
              <p className="mt-2 text-xs text-muted-foreground">{t.helpLog}</p>
            </div>
          )}
          <ol className="grid gap-2 sm:grid-cols-5">
            {t.steps.map((label, i) => (
              <li
                key={label}
                className="flex items-center gap-2 rounded-lg border border-border p-2 text-xs sm:flex-col sm:text-center"
              >
                {done[i] ? (
                  <CheckCircle2 aria-hidden className="size-5 text-success" />
                ) : (
                  <Circle aria-hidden className="size-5 text-muted-foreground" />
                )}
                <span>
                  {i + 1}. {label}
                </span>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => void download()} disabled={downloading}>
              {downloading ? (
                <Loader2 aria-hidden className="animate-spin" />
              ) : (
                <Download aria-hidden />
              )}
              {downloading ? t.downloading : t.download}
            </Button>
            <Button asChild variant="link">
              <Link to={paths.welcome.path}>{t.pairWithToken}</Link>
            </Button>
          </div>
          {downloadError && <Alert variant="error">{downloadError}</Alert>}
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Fact label={t.claimStatus}>
              <Badge variant={state.claim ? 'success' : 'neutral'}>
                {claimStatusLabels[
                  state.claim?.status ?? (state.awaitingAutoClaim ? 'pre_install' : '')
                ] ?? t.none}
              </Badge>
            </Fact>
            <Fact label={bridgeTexts.account}>
              {state.claim?.primary_account_number ?? bridgeTexts.notAvailable}
            </Fact>
            <Fact label={t.claimId}>{state.claim ? state.claim.id.slice(0, 8) : '—'}</Fact>
            <Fact label={t.agentInstalled}>{state.claim ? t.yes : t.no}</Fact>
            <Fact label={t.mt5Connected}>{state.status === 'connected' ? t.yes : t.no}</Fact>
          </dl>
          <Alert variant={state.complete ? 'success' : 'info'} data-testid="onboarding-progress">
            {state.complete ? (
              <CheckCircle2 aria-hidden />
            ) : (
              <Loader2 aria-hidden className="animate-spin" />
            )}
            <span>
              {progressText(state)}
              {!state.claim && (
                <span className="block text-xs text-muted-foreground">{t.initialClaim}</span>
              )}
            </span>
          </Alert>
          {state.complete && (
            <Button size="lg" className="w-full" onClick={enter}>
              {bridgeTexts.accessDashboard}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2 rounded-lg border border-border px-3 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
