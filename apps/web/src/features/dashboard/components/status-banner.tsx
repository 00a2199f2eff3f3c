import { accountMessages } from '@vortex/core';
import { Activity, CircleAlert, FileUp, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { dashboardTexts } from '../messages';
import type { DataState } from '../utils/data-state';

const t = dashboardTexts.banner;

interface StatusBannerProps {
  state: DataState;
  account: number | null;
  /** The screens read an account no agent ever fed: no live state to tell, only its source. */
  imported?: boolean;
  /** Where that account's data came from ('Importada de … em … · dados de … a …'). */
  source?: string | null;
  bridgeOnline: boolean;
  liveChannelOpen: boolean;
  /** The load error, shown in the empty banner ('Erro ao carregar dados: ...'). */
  loadError: string | null;
  checking: boolean;
  onForceCheck: () => void;
}

function Frame({ tone, children }: { tone: 'info' | 'live' | 'error'; children: ReactNode }) {
  return (
    <div
      role="status"
      data-state={tone}
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-xl border px-4 py-3 text-sm',
        tone === 'info' && 'border-border bg-muted/60',
        tone === 'live' && 'border-success/40 bg-success/10',
        tone === 'error' && 'border-destructive/40 bg-destructive/10',
      )}
    >
      {children}
    </div>
  );
}

/** The data state of trading.md §4 in one line, with the force-check button when empty. */
export function StatusBanner(props: StatusBannerProps) {
  const { state, checking, onForceCheck } = props;
  const forceButton = (
    <Button variant="outline" size="sm" onClick={onForceCheck} disabled={checking}>
      <RotateCw className={checking ? 'animate-spin' : undefined} />
      {checking ? t.checking : t.forceCheck}
    </Button>
  );
  if (state === 'loading') {
    return (
      <Frame tone="info">
        <Spinner className="size-4 text-muted-foreground" />
        <span>{t.loading}</span>
      </Frame>
    );
  }
  if (props.imported) {
    // Nothing to force-check: no bridge feeds it. What it is, where from, and when.
    return (
      <Frame tone="info">
        <FileUp aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1 space-y-0.5">
          <p>
            <span className="font-medium">{accountMessages.imported}</span>
            {props.account !== null && props.account !== 0 && (
              <>
                <span aria-hidden className="text-muted-foreground">
                  {' · '}
                </span>
                <span className="text-muted-foreground">{t.liveAccount(props.account)}</span>
              </>
            )}
          </p>
          <p className="text-muted-foreground">{props.source ?? accountMessages.importedHint}</p>
          {state !== 'live' && (
            <p className="text-muted-foreground">{accountMessages.emptyImported}</p>
          )}
        </div>
      </Frame>
    );
  }
  if (state === 'live') {
    return (
      <Frame tone="live">
        <span className="relative flex size-2.5" aria-hidden>
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
          <span className="relative inline-flex size-2.5 rounded-full bg-success" />
        </span>
        <Activity aria-hidden className="size-4 text-success" />
        <span className="font-medium">{t.liveTitle}</span>
        {props.account !== null && (
          <span className="text-muted-foreground">{t.liveAccount(props.account)}</span>
        )}
        {!props.bridgeOnline && <span className="text-muted-foreground">· {t.liveOffline}</span>}
        {!props.liveChannelOpen && (
          <span className="text-muted-foreground sm:ml-auto">{t.liveChannelDown}</span>
        )}
      </Frame>
    );
  }
  if (state === 'bridge_error') {
    return (
      <Frame tone="error">
        <CircleAlert aria-hidden className="size-4 text-destructive" />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-destructive">{t.bridgeErrorTitle}</p>
          <p className="text-muted-foreground">{t.bridgeErrorText}</p>
        </div>
        {forceButton}
      </Frame>
    );
  }
  return (
    <Frame tone="info">
      <Inbox aria-hidden className="size-4 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t.emptyTitle}</p>
        <p className="text-muted-foreground">{props.loadError ?? t.emptyText}</p>
      </div>
      {forceButton}
    </Frame>
  );
}
