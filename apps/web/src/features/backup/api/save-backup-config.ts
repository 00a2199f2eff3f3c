import { endpoints, type BackupConfig } from '@vortex/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NetworkError, requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { backupTexts as t } from '../messages';
import { backupKeys } from './backup-keys';

export async function saveBackupConfig(config: BackupConfig): Promise<BackupConfig> {
  let res;
  try {
    res = await requestEndpoint(endpoints.backup.saveConfig, { body: config });
  } catch (err) {
    if (err instanceof NetworkError) throw new Error(`${t.networkError}${err.message}`);
    throw err;
  }
  const parsed = endpoints.backup.saveConfig.response.safeParse(res.data);
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
