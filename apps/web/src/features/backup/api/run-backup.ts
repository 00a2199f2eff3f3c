import { BackupRunResponseSchema, type BackupItem } from '@vortex/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, NetworkError, serverErrorOf } from '../../../lib/api-client';
import { backupTexts as t } from '../messages';
import { backupKeys } from './backup-keys';

/** POST /api/backup/run with an empty body; resolves once the backup is dumped and verified. */
export async function runBackup(): Promise<BackupItem> {
  let res;
  try {
    res = await apiRequest('/api/backup/run', { method: 'POST', json: {} });
  } catch (err) {
    if (err instanceof NetworkError) throw new Error(`${t.networkError}${err.message}`);
    throw err;
  }
  const parsed = BackupRunResponseSchema.safeParse(res.data);
  if (!res.ok || !parsed.success) throw new Error(serverErrorOf(res) ?? t.runError);
  return parsed.data.data;
}

export function useRunBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  });
}
