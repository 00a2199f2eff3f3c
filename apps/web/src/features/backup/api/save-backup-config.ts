import { BackupConfigResponseSchema, type BackupConfig } from '@vortex/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, NetworkError, serverErrorOf } from '../../../lib/api-client';
import { backupTexts as t } from '../messages';
import { backupKeys } from './backup-keys';

export async function saveBackupConfig(config: BackupConfig): Promise<BackupConfig> {
  let res;
  try {
    res = await apiRequest('/api/backup/config', { method: 'PUT', json: config });
  } catch (err) {
    if (err instanceof NetworkError) throw new Error(`${t.networkError}${err.message}`);
    throw err;
  }
  const parsed = BackupConfigResponseSchema.safeParse(res.data);
  if (!res.ok || !parsed.success) throw new Error(serverErrorOf(res) ?? t.saveError);
  return parsed.data.data;
}

export function useSaveBackupConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBackupConfig,
    onSuccess: (saved) => {
      queryClient.setQueryData(backupKeys.config, saved);
      void queryClient.invalidateQueries({ queryKey: backupKeys.stats });
    },
  });
}
