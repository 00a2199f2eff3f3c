import { endpoints } from '@vortex/core';
import { requestEndpoint } from './api-client';

// Errors already sent: React may render the same crash through both boundaries, and a
// re-render must not post it again.
const reported = new WeakSet<object>();
const reportedTexts = new Set<string>();

function firstTime(error: unknown): boolean {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return false;
    reported.add(error);
    return true;
  }
  const text = String(error);
  if (reportedTexts.has(text)) return false;
  reportedTexts.add(text);
  return true;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Reports a crash to the server, best effort: a failed report must never cause a second crash. */
export function reportClientError(error: unknown, componentStack?: string | null): void {
  if (!firstTime(error)) return;
  const payload = {
    level: 'error' as const,
    // The schema caps lengths (ClientLogSchema); cut here so the report is not rejected.
    message: (errorText(error) || 'Erro desconhecido').slice(0, 2000),
    stack: error instanceof Error ? error.stack?.slice(0, 16_000) : undefined,
    componentStack: componentStack?.slice(0, 16_000) ?? undefined,
    ua: navigator.userAgent.slice(0, 512),
    ts: new Date().toISOString(),
  };
  try {
    requestEndpoint(endpoints.clientLog.report, { body: payload }).catch(() => undefined);
  } catch {
    // The request can throw synchronously when the runtime config itself is broken.
  }
}
