import type { z } from 'zod';
import {
  apiRequest,
  NetworkError,
  serverErrorOf,
  type ApiRequestInit,
} from '../../../lib/api-client';
import { commTexts as t } from '../messages';

/**
 * One communication call parsed with its schema. Failures throw an Error whose message is the
 * server's pt-BR error, or the given fallback; the result panel shows it under 'Erro' (§8).
 */
export async function commRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  init: ApiRequestInit,
  fallback: string,
): Promise<z.infer<S>> {
  let res;
  try {
    res = await apiRequest(path, init);
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(t.connection);
    throw error;
  }
  const parsed = schema.safeParse(res.data);
  if (res.ok && parsed.success) return parsed.data;
  // The server's reason, else ours: never the HTTP status text ('Bad Gateway').
  throw new Error((!res.ok && serverErrorOf(res)) || fallback);
}
