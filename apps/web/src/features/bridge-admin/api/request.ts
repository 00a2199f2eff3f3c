import type { z } from 'zod';
import { apiRequest, NetworkError, serverErrorOf } from '../../../lib/api-client';
import { bridgeAdminTexts as t } from '../messages';

/** A failed call: 'HTTP {status}' (§8) as the message, the server's own reason as the detail. */
export class BridgeAdminError extends Error {
  override name = 'BridgeAdminError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The text after a toast's prefix ('Erro ao revogar token: ...'): the reason, else the status. */
export function reasonOf(error: Error): string {
  return error instanceof BridgeAdminError ? (error.detail ?? error.message) : error.message;
}

type Query = Record<string, string | number | undefined>;

/** '?a=1&b=x' without the parameters left undefined or empty. */
export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One bridge admin call, parsed with its contract schema. */
export async function adminCall<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method?: 'GET' | 'POST'; json?: unknown; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  let res;
  try {
    res = await apiRequest(path, init);
  } catch (error) {
    if (error instanceof NetworkError) throw new BridgeAdminError(t.network);
    throw error;
  }
  if (!res.ok) throw new BridgeAdminError(t.http(res.status), serverErrorOf(res));
  const parsed = schema.safeParse(res.data);
  if (!parsed.success) throw new BridgeAdminError(t.invalidAnswer);
  return parsed.data;
}
