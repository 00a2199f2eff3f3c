import { BACKUP_FREQUENCIES, formatDateTimePtBR, type BackupConfig } from '@vortex/core';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import type { SettingsDraft } from '../hooks/use-settings-draft';
import { backupTexts as t } from '../messages';
import { SaveButton, SwitchRow } from './settings-tab';

export function ScheduleTab({ s, nextBackup }: { s: SettingsDraft; nextBackup: string | null }) {
  const d = s.draft;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.schedule.title}</CardTitle>
        <CardDescription>{t.schedule.timeHint}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <SwitchRow
          id="backup-auto"
          label={t.schedule.auto}
          hint={t.schedule.autoHint}
          checked={d.auto_backup_enabled}
          onChange={(v) => {
            s.set('auto_backup_enabled', v);
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="backup-frequency" label={t.schedule.frequency}>
            {() => (
              <NativeSelect
                id="backup-frequency"
                value={d.backup_frequency}
                disabled={!d.auto_backup_enabled}
                onChange={(e) => {
                  s.set('backup_frequency', e.target.value as BackupConfig['backup_frequency']);
                }}
              >
                {BACKUP_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t.schedule.frequencies[f]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field id="backup-time" label={t.schedule.time} error={s.errors.backup_time}>
            {(describedBy) => (
              <Input
                id="backup-time"
                type="time"
                value={d.backup_time}
                disabled={!d.auto_backup_enabled}
                aria-invalid={s.errors.backup_time ? true : undefined}
                aria-describedby={describedBy}
                onChange={(e) => {
                  s.set('backup_time', e.target.value);
                }}
              />
            )}
          </Field>
        </div>
        <p className="text-sm">
          <span className="text-muted-foreground">{t.schedule.next}: </span>
          <span className="font-medium">
            {nextBackup && d.auto_backup_enabled ? formatDateTimePtBR(nextBackup) : t.schedule.none}
          </span>
        </p>
        <SaveButton s={s} />
      </CardContent>
    </Card>
  );
}
