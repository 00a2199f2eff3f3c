import type { BackupConfig } from '@vortex/core';
import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useBackupConfig, useBackupList, useBackupStats } from '../api/get-backup-data';
import { useRunBackup } from '../api/run-backup';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { backupTexts as t } from '../messages';
import { BackupsTab } from './backups-tab';
import { CreateTab } from './create-tab';
import { ScheduleTab } from './schedule-tab';
import { SettingsTab } from './settings-tab';
import { SummaryCards } from './summary-cards';

function SettingsTabs({ config, nextBackup }: { config: BackupConfig; nextBackup: string | null }) {
  const s = useSettingsDraft(config);
  return (
    <>
      <TabsContent value="settings">
        <SettingsTab s={s} />
      </TabsContent>
      <TabsContent value="schedule">
        <ScheduleTab s={s} nextBackup={nextBackup} />
      </TabsContent>
    </>
  );
}

/** 'Backup' (trading.md §2): summary cards and the tabs Criar, Backups, Configurações, Agendamento. */
export function BackupScreen() {
  const run = useRunBackup();
  const config = useBackupConfig();
  const list = useBackupList();
  const stats = useBackupStats(run.isPending);
  const failed = [config, list, stats].find((q) => q.isError);
  const onRun = () => {
    run.mutate(undefined, {
      onSuccess: () => toast.success(t.ran),
      onError: (err) => toast.error(err.message || t.runError),
    });
  };
  return (
    <section className="mx-auto w-full max-w-6xl space-y-6">
      <title>{`${paths.backup.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{paths.backup.title}</h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </header>
      {failed ? (
        <Alert variant="error" className="items-center">
          <p className="flex-1 font-medium">
            {t.loadError}: {failed.error.message}
          </p>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              void config.refetch();
              void list.refetch();
              void stats.refetch();
            }}
          >
            <RotateCw aria-hidden />
            {t.retry}
          </Button>
        </Alert>
      ) : !config.data || !list.data || !stats.data ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t.loading}
        </p>
      ) : (
        <>
          <SummaryCards stats={stats.data} running={run.isPending} />
          <Tabs defaultValue="create" className="space-y-4">
            <TabsList className="flex w-full flex-wrap sm:w-auto">
              <TabsTrigger value="create">{t.tabs.create}</TabsTrigger>
              <TabsTrigger value="list">{t.tabs.list}</TabsTrigger>
              <TabsTrigger value="settings">{t.tabs.settings}</TabsTrigger>
              <TabsTrigger value="schedule">{t.tabs.schedule}</TabsTrigger>
            </TabsList>
            <TabsContent value="create">
              <CreateTab
                config={config.data}
                stats={stats.data}
                running={run.isPending}
                onRun={onRun}
              />
            </TabsContent>
            <TabsContent value="list">
              <BackupsTab items={list.data} />
            </TabsContent>
            <SettingsTabs config={config.data} nextBackup={stats.data.next_backup} />
          </Tabs>
        </>
      )}
    </section>
  );
}
