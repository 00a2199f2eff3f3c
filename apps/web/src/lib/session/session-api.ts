import { apiRequest } from '../api-client';
import { WhoamiAnswerSchema, type SessionUser } from './session.schema';

/** The user behind a token, or null when the token is refused or the answer has no user. */
export async function fetchWhoami(
  token: string,
  signal?: AbortSignal,
): Promise<SessionUser | null> {
  const res = await apiRequest('/api/auth/whoami', { token, ...(signal ? { signal } : {}) });
  if (!res.ok) return null;
  const parsed = WhoamiAnswerSchema.safeParse(res.data);
  return parsed.success ? parsed.data.user : null;
}

/** Tells the server the token is done; the local logout does not wait for or need it. */
export function postLogout(token: string): void {
  apiRequest('/auth/logout', { method: 'POST', token }).catch(() => undefined);
}
