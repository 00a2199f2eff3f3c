import { endpoints } from '@vortex/core';
import { NetworkError, requestEndpoint } from '../api-client';
import { WhoamiAnswerSchema, type SessionUser } from './session.schema';

/**
 * What whoami said of a token: its user; 'refused' (an answer without one: 401, 403, no user);
 * or 'unreachable' (no answer: the network, a page unloading mid-request, a 5xx or a 429),
 * which says nothing about the token.
 */
export type WhoamiResult = { user: SessionUser } | 'refused' | 'unreachable';

export async function fetchWhoami(token: string, signal?: AbortSignal): Promise<WhoamiResult> {
  let res;
  try {
    res = await requestEndpoint(endpoints.auth.whoami, { token, ...(signal ? { signal } : {}) });
  } catch (err) {
    if (err instanceof NetworkError) return 'unreachable';
    throw err;
  }
  if (res.status >= 500 || res.status === 429) return 'unreachable';
  if (!res.ok) return 'refused';
  const parsed = WhoamiAnswerSchema.safeParse(res.data);
  return parsed.success ? { user: parsed.data.user } : 'refused';
}

/** Tells the server the token is done; the local logout does not wait for or need it. */
export function postLogout(token: string): void {
  requestEndpoint(endpoints.auth.logout, { token }).catch(() => undefined);
}
