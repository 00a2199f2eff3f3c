import type { z } from 'zod';
import { NetworkError, serverErrorOf, type ApiResponse } from '../../../lib/api-client';
import { commTexts as t } from '../messages';

/**
 * One communication call (a requestEndpoint of the table) parsed with its schema. Failures throw an Error whose message is the
 * server's pt-BR error, or the given fallback; the result panel shows it under 'Erro' (§8).
 */
export async function commRequest<S extends z.ZodType>(
  request: () => Promise<ApiResponse>,
  schema: S,
  fallback: string,
): Promise<z.infer<S>> {
  let res;
  try {
    res = await request();
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(t.connection);
    throw error;
  }
  const parsed = schema.safeParse(res.data);
  if (res.ok && parsed.success) return parsed.data;
  // The server's reason, else ours: never the HTTP status text ('Bad Gateway').
  throw new Error((!res.ok && serverErrorOf(res)) || fallback);
}
