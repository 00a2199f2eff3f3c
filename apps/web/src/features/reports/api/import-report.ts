import {
  endpoints,
  endpointUrl,
  ImportFileNameSchema,
  REPORT_IMPORT_MAX_BYTES,
  ReportImportResponseSchema,
  type ImportProgressResponse,
  type ReportImportResponse,
} from '@vortex/core';
import { callEndpoint, serverErrorOf } from '../../../lib/api-client';
import { apiUrl } from '../../../config/runtime-config';
import { readLocal, storageKeys } from '../../../lib/storage';
import { importTexts as t } from '../import-messages';

/** The upload's own fraction, then the server's 0–100 (reading the file, then storing it). */
export type ImportStage =
  | { phase: 'uploading'; fraction: number }
  | { phase: 'reading' | 'storing'; percent: number | null };

export type ImportResult = ReportImportResponse['data'];

export class ImportFailed extends Error {
  override name = 'ImportFailed';
}

const POLL_MS = 400;

/** The server's progress while it reads the file: polled until the upload's answer comes. */
function pollProgress(importId: string, onStage: (s: ImportStage) => void): () => void {
  const run = new AbortController();
  // A call, not a narrowed property: the answer may come after the upload's.
  const stopped = () => run.signal.aborted;
  const tick = async () => {
    try {
      const p: ImportProgressResponse = await callEndpoint(endpoints.reports.importProgress, {
        query: { import_id: importId },
        signal: run.signal,
      });
      if (stopped()) return;
      const { phase, percent } = p.data;
      if (phase === 'reading' || phase === 'storing') onStage({ phase, percent });
    } catch {
      // A missed poll is shown as the last stage; the upload's answer decides.
    }
    if (!stopped()) setTimeout(() => void tick(), POLL_MS);
  };
  void tick();
  return () => {
    run.abort();
  };
}

/** The name the server keeps to say where the account's data came from; none if it refuses it. */
function fileNameOf(file: File): string | undefined {
  return ImportFileNameSchema.safeParse(file.name).success ? file.name.trim() : undefined;
}

/**
 * POST /api/reports/import with the file as the raw body. XMLHttpRequest, not fetch: its upload
 * events give the bar while the file goes up; then the server's own progress is polled.
 */
export function importReport(file: File, onStage: (s: ImportStage) => void): Promise<ImportResult> {
  if (file.size > REPORT_IMPORT_MAX_BYTES) return Promise.reject(new ImportFailed(t.tooLarge));
  const importId = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stopPolling = () => {};
    const upload = endpoints.reports.import;
    xhr.open(
      upload.method,
      `${apiUrl()}${endpointUrl(upload, { query: { import_id: importId, file_name: fileNameOf(file) } })}`,
    );
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readLocal(storageKeys.authToken);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onStage({ phase: 'uploading', fraction: e.loaded / e.total });
    };
    xhr.upload.onload = () => {
      onStage({ phase: 'reading', percent: null });
      stopPolling = pollProgress(importId, onStage);
    };
    xhr.onerror = () => {
      stopPolling();
      reject(new ImportFailed(t.connection));
    };
    xhr.onload = () => {
      stopPolling();
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // not JSON: the status says what happened
      }
      if (xhr.status === 200) {
        const parsed = ReportImportResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data.data);
        else reject(new ImportFailed(t.failed));
        return;
      }
      const res = { ok: false, status: xhr.status, statusText: xhr.statusText, data: body };
      reject(new ImportFailed(serverErrorOf(res) ?? (xhr.status === 413 ? t.tooLarge : t.failed)));
    };
    xhr.send(file);
  });
}
