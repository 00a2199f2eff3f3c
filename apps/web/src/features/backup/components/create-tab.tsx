import { formatDateTimePtBR, type BackupConfig, type BackupStats } from '@vortex/core';
import { DatabaseBackup, Info, Trash2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { backupTexts as t } from '../messages';

export function CreateTab({
  config,
  stats,
  running,
  onRun,
}: {
  config: BackupConfig | undefined;
  stats: BackupStats | undefined;
  running: boolean;
  onRun: () => void;
}) {
  const progress = stats?.progress ?? null;
  const busy = running || progress !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.create.title}</CardTitle>
        <CardDescription>{t.create.text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">{t.create.content}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onRun} disabled={busy}>
            {busy ? <Spinner /> : <DatabaseBackup aria-hidden />}
            {busy ? t.create.running : t.create.run}
          </Button>
          {progress !== null && (
            <div className="flex min-w-48 flex-1 items-center gap-3">
              <div
                role="progressbar"
                aria-valuenow={progress}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label={t.create.progress(progress)}
                className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full bg-primary transition-all"
                  style={{ width: `${progress}%` }}
                />
              </div>
              <span className="text-xs text-muted-foreground tabular-nums">{progress}%</span>
            </div>
          )}
        </div>
        {config && (
          <div className="space-y-2">
            <Alert>
              <Info aria-hidden />
              <p>
                {config.auto_backup_enabled
                  ? t.create.autoOn(
                      `${t.schedule.when[config.backup_frequency]} às ${config.backup_time}`,
                      stats?.next_backup ? formatDateTimePtBR(stats.next_backup) : t.schedule.none,
                    )
                  : t.create.autoOff}
              </p>
            </Alert>
            <Alert>
              <Trash2 aria-hidden />
              <p>
                {t.create.cleanup(
                  config.keep_daily_backups,
                  config.keep_weekly_backups,
                  config.keep_monthly_backups,
                )}
              </p>
            </Alert>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
