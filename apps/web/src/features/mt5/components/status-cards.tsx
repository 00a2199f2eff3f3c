import { MonitorCheck, MonitorX, PlugZap, Unplug, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { Mt5Status } from '../api/get-mt5-status';
import { mt5Texts } from '../messages';

const t = mt5Texts;

/** What the terminal is doing right now, as far as this screen knows (trading.md §4). */
export type ConnectionActivity = 'connecting' | 'disconnecting' | null;

interface StatusCardProps {
  title: string;
  Icon: LucideIcon;
  tone: 'on' | 'off' | 'unknown';
  headline: string;
  badge: { label: string; variant: BadgeVariant; busy?: boolean };
  children: ReactNode;
}

function StatusCard({ title, Icon, tone, headline, badge, children }: StatusCardProps) {
  return (
    <Card className="flex gap-4 p-5" aria-label={title} role="region">
      <span
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-lg',
          tone === 'on' && 'bg-success/10 text-success',
          tone === 'off' && 'bg-destructive/10 text-destructive',
          tone === 'unknown' && 'bg-muted text-muted-foreground',
        )}
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {title}
          </p>
          <Badge variant={badge.variant}>
            {badge.busy && <Spinner className="size-3" />}
            {badge.label}
          </Badge>
        </div>
        <p className="font-semibold">{headline}</p>
        <div className="text-sm text-muted-foreground">{children}</div>
      </div>
    </Card>
  );
}

function InstallationCard({ status }: { status: Mt5Status | undefined }) {
  if (!status) {
    return (
      <StatusCard
        title={t.installation.title}
        Icon={MonitorCheck}
        tone="unknown"
        headline={t.checking}
        badge={{ label: t.checking, variant: 'neutral', busy: true }}
      >
        {'\u00a0'}
      </StatusCard>
    );
  }
  const on = status.bridge_connected;
  return (
    <StatusCard
      title={t.installation.title}
      Icon={on ? MonitorCheck : MonitorX}
      tone={on ? 'on' : 'off'}
      headline={on ? t.installation.on : t.installation.off}
      badge={
        on
          ? { label: t.installation.badgeOn, variant: 'success' }
          : { label: t.installation.badgeOff, variant: 'destructive' }
      }
    >
      {on ? t.installation.onHint : t.installation.offHint}
    </StatusCard>
  );
}

function connectionBadge(
  status: Mt5Status | undefined,
  activity: ConnectionActivity,
): StatusCardProps['badge'] {
  if (activity === 'connecting') {
    return { label: t.connection.connecting, variant: 'warning', busy: true };
  }
  if (activity === 'disconnecting') {
    return { label: t.connection.disconnecting, variant: 'warning', busy: true };
  }
  if (!status) return { label: t.checking, variant: 'neutral', busy: true };
  return status.mt5_connected
    ? { label: t.connection.badgeOn, variant: 'success' }
    : { label: t.connection.badgeOff, variant: 'destructive' };
}

function ConnectionCard({
  status,
  activity,
}: {
  status: Mt5Status | undefined;
  activity: ConnectionActivity;
}) {
  const on = status?.mt5_connected ?? false;
  const headline = !status ? t.checking : on ? t.connection.on : t.connection.off;
  return (
    <StatusCard
      title={t.connection.title}
      Icon={on ? PlugZap : Unplug}
      tone={!status ? 'unknown' : on ? 'on' : 'off'}
      headline={headline}
      badge={connectionBadge(status, activity)}
    >
      <dl className="flex flex-wrap gap-x-5 gap-y-1">
        <div className="flex gap-1.5">
          <dt>{t.connection.account}:</dt>
          <dd className="font-medium text-foreground tabular-nums">
            {status?.account ?? t.connection.none}
          </dd>
        </div>
        <div className="flex min-w-0 gap-1.5">
          <dt>{t.connection.server}:</dt>
          <dd className="truncate font-medium text-foreground">
            {status?.server ?? t.connection.none}
          </dd>
        </div>
      </dl>
    </StatusCard>
  );
}

/** Installation (is an agent connected) and connection (is MT5 logged in, where). */
export function StatusCards({
  status,
  activity,
}: {
  status: Mt5Status | undefined;
  activity: ConnectionActivity;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <InstallationCard status={status} />
      <ConnectionCard status={status} activity={activity} />
    </div>
  );
}
