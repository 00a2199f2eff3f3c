import { WHATSAPP_QR_SIZE } from '@vortex/core';
import { Info, LogOut, RotateCw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useWhatsAppDisconnect, useWhatsAppQr, useWhatsAppStatus } from '../api/whatsapp';
import { commTexts as t } from '../messages';
import type { CommResult } from './result-panel';

/** §2 tab 4: service status, refresh, disconnect, the QR (polled every 10 s) and its steps. */
export function WhatsAppTab({ onResult }: { onResult: (r: CommResult) => void }) {
  const status = useWhatsAppStatus();
  const view = status.data;
  const waiting = view !== undefined && view.available && !view.connected;
  const qr = useWhatsAppQr(waiting);
  const disconnect = useWhatsAppDisconnect();

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section
        aria-label={t.whatsappStatus}
        className="space-y-4 rounded-xl border border-border bg-card p-4"
      >
        <h3 className="font-semibold">{t.whatsappStatus}</h3>
        {view === undefined ? (
          <Spinner className="size-4 text-primary" />
        ) : (
          <dl className="space-y-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <dt className="text-muted-foreground">{t.serviceLabel}</dt>
              <dd>
                <Badge variant={view.available ? 'success' : 'destructive'}>
                  {view.available ? t.available : t.unavailable}
                </Badge>
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt className="text-muted-foreground">{t.connectionLabel}</dt>
              <dd>
                <Badge variant={view.connected ? 'success' : 'neutral'}>
                  {view.connected ? t.connected : t.disconnected}
                </Badge>
              </dd>
            </div>
            {view.phone && <p className="text-muted-foreground">{t.linkedPhone(view.phone)}</p>}
          </dl>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={status.isFetching}
            onClick={() => void status.refetch()}
          >
            <RotateCw className={status.isFetching ? 'animate-spin' : undefined} />{' '}
            {t.refreshStatus}
          </Button>
          {view?.connected && (
            <Button
              size="sm"
              variant="destructive"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, {
                  onError: (e) => onResult({ kind: 'error', message: e.message }),
                })
              }
            >
              <LogOut /> {disconnect.isPending ? t.disconnecting : t.disconnect}
            </Button>
          )}
        </div>
      </section>
      <section
        aria-label={t.pairTitle}
        className="space-y-4 rounded-xl border border-border bg-card p-4"
      >
        <h3 className="font-semibold">{t.pairTitle}</h3>
        {view?.connected ? (
          <p className="text-sm">{t.connectedInfo}</p>
        ) : view && !view.available ? (
          <p className="text-sm text-muted-foreground">{t.unavailableInfo}</p>
        ) : (
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <div
              className="grid shrink-0 place-items-center rounded-lg border border-border bg-white"
              style={{ width: WHATSAPP_QR_SIZE, height: WHATSAPP_QR_SIZE }}
            >
              {qr.data ? (
                <img
                  src={qr.data}
                  alt={t.qrAlt}
                  width={WHATSAPP_QR_SIZE}
                  height={WHATSAPP_QR_SIZE}
                />
              ) : (
                <span className="flex flex-col items-center gap-2 text-sm text-neutral-500">
                  <Spinner className="size-5" />
                  {t.waitingQr}
                </span>
              )}
            </div>
            <ol className="list-decimal space-y-2 pl-5 text-sm">
              {t.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
              <li className="list-none text-xs text-muted-foreground">{t.pollHint}</li>
            </ol>
          </div>
        )}
        <p className="flex gap-2 rounded-lg border border-border bg-muted p-3 text-sm">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          {t.whatsappInfo}
        </p>
      </section>
    </div>
  );
}
