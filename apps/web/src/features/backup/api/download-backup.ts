import { endpoints, endpointUrl } from '@vortex/core';
import { apiUrl } from '../../../config/runtime-config';
import { saveBlob } from '../../../lib/save-file';
import { readLocal, storageKeys } from '../../../lib/storage';
import { backupTexts as t } from '../messages';

/** Downloads a listed backup with the session's token, saved under its own name. */
export async function downloadBackup(filename: string): Promise<void> {
  const token = readLocal(storageKeys.authToken);
  const path = endpointUrl(endpoints.backup.download, { params: { filename } });
  let res: Response;
  try {
    res = await fetch(`${apiUrl()}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (err) {
    throw new Error(`${t.networkError}${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    throw new Error(typeof body?.error === 'string' ? body.error : t.downloadError);
  }
  saveBlob(await res.blob(), filename);
}
