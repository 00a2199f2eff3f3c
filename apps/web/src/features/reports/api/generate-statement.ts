import { ApiErrorSchema, endpoints, endpointUrl } from '@vortex/core';
import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config';
import { readLocal, storageKeys } from '../../../lib/storage';
import { reportsTexts as t } from '../messages';
import { ReportsError } from './reports-error';
import { periodFields, type ReportPeriod } from './reports-keys';

export type StatementFormat = 'html' | 'xml';

const ENDPOINT = { html: endpoints.reports.statementHtml, xml: endpoints.reports.statementXml };

const ACCEPT: Record<StatementFormat, string> = {
  html: 'text/html',
  xml: 'application/xml, text/xml',
};

/** The server's own error text, when a failed answer is its JSON envelope. */
function serverErrorIn(body: string): string | undefined {
  try {
    const envelope = ApiErrorSchema.partial().safeParse(JSON.parse(body));
    return (envelope.success ? envelope.data.error : undefined) || undefined;
  } catch {
    return undefined;
  }
}

export interface Statement {
  document: string;
  /** The bytes as the server sent them: the HTML comes in UTF-16 LE as the terminal writes it. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The server's name for the file, when the browser lets this page read it. */
  fileName: string | undefined;
}

/** The name in Content-Disposition, kept only when it is one of ours. */
function fileNameIn(response: Response, format: StatementFormat): string | undefined {
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return name && new RegExp(`^mt5_statement_[\\w-]+\\.${format}$`).test(name) ? name : undefined;
}

/** The statement's text: UTF-16 LE after its BOM (the terminal's HTML), UTF-8 otherwise. */
export function decodeStatement(bytes: Uint8Array): string {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
  return new TextDecoder(utf16 ? 'utf-16le' : 'utf-8').decode(bytes);
}

/**
 * POST /api/reports/mt5/{html,xml}. The answer is the document itself, not JSON, so this reads
 * the raw text instead of going through apiRequest.
 */
export async function fetchStatement(
  format: StatementFormat,
  period: ReportPeriod,
): Promise<Statement> {
  const failed = format === 'html' ? t.errors.html : t.errors.xml;
  const token = readLocal(storageKeys.authToken);
  const headers: Record<string, string> = {
    Accept: `${ACCEPT[format]}, application/json`,
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  let body: string;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    response = await fetch(`${apiUrl()}${endpointUrl(ENDPOINT[format])}`, {
      method: ENDPOINT[format].method,
      headers,
      body: JSON.stringify({ ...statementPeriod(period), report_type: 'full' }),
    });
    bytes = new Uint8Array(await response.arrayBuffer());
    body = decodeStatement(bytes);
  } catch (error) {
    throw new ReportsError(failed, t.errors.connection, { cause: error });
  }
  if (!response.ok) {
    throw new ReportsError(failed, serverErrorIn(body) ?? `HTTP ${response.status}`);
  }
  if (!body.trim()) throw new ReportsError(failed, t.errors.invalidAnswer);
  return { document: body, bytes, fileName: fileNameIn(response, format) };
}

/** The statement body's period: a named range as date_range, a custom one by its two days. */
function statementPeriod(period: ReportPeriod) {
  const fields = periodFields(period);
  return 'range' in fields ? { date_range: fields.range } : fields;
}

export function useGenerateStatement(format: StatementFormat) {
  return useMutation({
    mutationFn: (period: ReportPeriod) => fetchStatement(format, period),
  });
}
