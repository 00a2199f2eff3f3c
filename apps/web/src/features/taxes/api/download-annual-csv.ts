import { endpoints, endpointUrl, taxMessages as m } from '@vortex/core';
import { apiUrl } from '../../../config/runtime-config';
import { saveBlob } from '../../../lib/save-file';
import { readLocal, storageKeys } from '../../../lib/storage';

/** The file's name when the server's Content-Disposition does not give one. */
export const annualCsvName = (year: number) => `imposto-de-renda-${year}.csv`;

/** The name in `attachment; filename="…"`, if any. */
export function filenameOf(disposition: string | null): string | null {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? null;
}

/**
 * GET /api/taxes/annual.csv?year= with the session's token, saved as a file: a plain link could
 * not send the bearer token, which never travels in a cookie.
 */
export async function downloadAnnualCsv(year: number): Promise<void> {
  const token = readLocal(storageKeys.authToken);
  let res: Response;
  try {
    res = await fetch(`${apiUrl()}${endpointUrl(endpoints.taxes.annualCsv, { query: { year } })}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new Error(m.csvFailed);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    throw new Error(typeof body?.error === 'string' ? body.error : m.csvFailed);
  }
  const name = filenameOf(res.headers.get('Content-Disposition')) ?? annualCsvName(year);
  saveBlob(await res.blob(), name);
}
