import { BackupSettingsSchema, type BackupConfig } from '@vortex/core';
import { useForm, useWatch, type PathValue } from 'react-hook-form';
import { toast } from 'sonner';
import { useSaveBackupConfig } from '../api/save-backup-config';
import { backupTexts as t } from '../messages';

type Key = keyof BackupConfig;

/** The field's message when the draft breaks the spec's limits (§5), by field name. */
function errorsOf(draft: BackupConfig): Partial<Record<Key, string>> {
  const { local_backup_path: _path, ...settings } = draft;
  const parsed = BackupSettingsSchema.safeParse(settings);
  if (parsed.success) return {};
  const out: Partial<Record<Key, string>> = {};
  const ranges: Partial<Record<Key, [number, number]>> = {
    keep_daily_backups: [1, 30],
    keep_weekly_backups: [1, 12],
    keep_monthly_backups: [1, 24],
    compression_level: [1, 9],
  };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as Key;
    const range = ranges[key];
    out[key] = range
      ? t.range(range[0], range[1])
      : key === 'notification_email'
        ? t.invalidEmail
        : key === 'backup_time'
          ? t.invalidTime
          : issue.message;
  }
  return out;
}

/**
 * One draft of the settings shared by the Configurações and Agendamento tabs, saved whole. The
 * form outlives the tabs' fields (they unmount with their tab); its errors show as the user types.
 */
export function useSettingsDraft(initial: BackupConfig) {
  const form = useForm({ defaultValues: initial });
  const draft = useWatch({ control: form.control }) as BackupConfig;
  const save = useSaveBackupConfig();
  const errors = errorsOf(draft);
  const valid = Object.keys(errors).length === 0;
  const set = <K extends Key>(key: K, value: BackupConfig[K]) => {
    form.setValue(key, value as PathValue<BackupConfig, K>);
  };
  const submit = () => {
    if (!valid) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success(t.saved);
      },
      onError: (err) => toast.error(err.message || t.saveError),
    });
  };
  return { draft, set, errors, valid, submit, saving: save.isPending };
}

export type SettingsDraft = ReturnType<typeof useSettingsDraft>;
