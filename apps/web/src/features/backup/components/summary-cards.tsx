import { formatDateTimePtBR, type BackupStats } from '@vortex/core';
import { Archive, Clock, HardDrive, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatBytes } from '../../../lib/format-bytes';
import { backupTexts as t } from '../messages';

function SummaryCard({
  label,
  Icon,
  children,
  hint,
}: {
  label: string;
  Icon: LucideIcon;
  children: React.ReactNode;
  hint: string;
}) {
  return (
    <Card role="group" aria-label={label} className="flex min-w-0 flex-col gap-1 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {label}
        </p>
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden className="size-4" />
        </span>
      </div>
      <div className="truncate text-lg font-semibold tabular-nums sm:text-2xl">{children}</div>
      {/* Wraps on a phone: two columns leave too little room to cut it short. */}
      <p className="text-xs text-muted-foreground sm:truncate">{hint}</p>
    </Card>
  );
}

export type BackupStatus = 'success' | 'failed' | 'in_progress' | 'unknown';

export const statusVariant: Record<BackupStatus, BadgeVariant> = {
  success: 'success',
  failed: 'destructive',
  in_progress: 'warning',
  unknown: 'neutral',
};

/** §4: success, failed, in_progress, otherwise unknown. */
export function StatusBadge({ status }: { status: BackupStatus }) {
  return <Badge variant={statusVariant[status]}>{t.status[status]}</Badge>;
}

/** §2: total backups, status, space used, last backup. */
export function SummaryCards({ stats, running }: { stats: BackupStats; running: boolean }) {
  const last = stats.last_backup;
  const status: BackupStatus =
    running || stats.progress !== null ? 'in_progress' : (last?.status ?? 'unknown');
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <SummaryCard
        label={t.cards.total}
        Icon={Archive}
        hint={t.cards.totalHint(formatBytes(stats.total_size))}
      >
        {stats.total_backups}
      </SummaryCard>
      <SummaryCard
        label={t.cards.status}
        Icon={ShieldCheck}
        hint={
          status === 'in_progress' && stats.progress !== null
            ? t.create.progress(stats.progress)
            : (last?.error ?? (last ? last.filename : t.cards.noneYet))
        }
      >
        <StatusBadge status={status} />
      </SummaryCard>
      <SummaryCard label={t.cards.space} Icon={HardDrive} hint={t.cards.spaceHint}>
        {formatBytes(stats.total_size)}
      </SummaryCard>
      <SummaryCard
        label={t.cards.last}
        Icon={Clock}
        hint={last ? t.type[last.type] : t.cards.noneYet}
      >
        <span className="text-base sm:text-xl">
          {last ? formatDateTimePtBR(last.date) : t.cards.never}
        </span>
      </SummaryCard>
    </div>
  );
}
