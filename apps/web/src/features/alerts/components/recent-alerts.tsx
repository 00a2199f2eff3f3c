import {
  alertTypeNames,
  channelLabels,
  deliveryStatusLabels,
  formatDateTimePtBR,
  type AlertDelivery,
  type RecentAlert,
} from '@vortex/core';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { alertsTexts as t } from '../messages';

const statusVariant: Record<AlertDelivery['status'], BadgeVariant> = {
  sent: 'success',
  pending: 'primary',
  failed: 'destructive',
  skipped: 'neutral',
};

const typeName = (type: RecentAlert['type']) =>
  type === 'bot_risk_stop'
    ? t.riskStopName
    : type === 'darf_reminder'
      ? t.darfReminderName
      : alertTypeNames[type];

function Delivery({ d }: { d: AlertDelivery }) {
  const label = `${channelLabels[d.channel]}: ${deliveryStatusLabels[d.status]}`;
  const detail = [d.to ? t.deliveryTo(d.to) : null, d.error].filter(Boolean).join(' — ');
  return (
    <Badge variant={statusVariant[d.status]} title={detail || undefined}>
      {label}
    </Badge>
  );
}

/** 'Alertas Recentes': newest first, each with how every channel's copy went. */
export function RecentAlerts(props: {
  alerts: RecentAlert[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  return (
    <Card role="region" aria-labelledby="recent-alerts-title">
      <CardHeader>
        <CardTitle id="recent-alerts-title">{t.recentTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {props.loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t.recentLoading}
          </p>
        ) : props.error ? (
          <div className="flex items-center gap-3 text-sm text-destructive">
            <span>{t.recentError}</span>
            <Button variant="outline" size="sm" onClick={props.onRetry}>
              {t.retry}
            </Button>
          </div>
        ) : !props.alerts?.length ? (
          <p className="text-sm text-muted-foreground">{t.recentEmpty}</p>
        ) : (
          <ul className="divide-y divide-border">
            {props.alerts.map((a) => (
              <li key={a.id} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium">{a.title}</p>
                  <time dateTime={a.timestamp} className="text-xs text-muted-foreground">
                    {formatDateTimePtBR(a.timestamp)}
                  </time>
                </div>
                <p className="text-sm text-muted-foreground">{a.message}</p>
                <div className="flex flex-wrap items-center gap-1.5">
                  <Badge variant="neutral">{typeName(a.type)}</Badge>
                  {a.channels.map((d) => (
                    <Delivery key={d.channel} d={d} />
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
