import { BackupRunResponseSchema, endpoints, type BackupItem } from '@vortex/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NetworkError, requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { backupTexts as t } from '../messages';
import { backupKeys } from './backup-keys';

/** Runs a backup now, with an empty body; resolves once the backup is dumped and verified. */
export async function runBackup(): Promise<BackupItem> {
  let res;
  try {
    res = await requestEndpoint(endpoints.backup.run, { body: {} });
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
