import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  apiRequest,
  errorMessageOf,
  NetworkError,
  type ApiResponse,
} from '../../../lib/api-client';
import { SessionUserSchema, type SessionData } from '../../../lib/session';
import { authMessages } from '../messages';

export interface LoginInput {
  /** The spec's field is named email but takes a username too. */
  email: string;
  password: string;
}

/** POST /auth/login (access-and-admin.md §3): the token comes as access_token or token. */
const LoginResponseSchema = z.object({
  access_token: z.string().optional(),
  token: z.string().optional(),
  user: SessionUserSchema.optional(),
  permissions: z.unknown().optional(),
  error: z.string().optional(),
});

export async function login(input: LoginInput): Promise<SessionData> {
  let res: ApiResponse;
  try {
    res = await apiRequest('/auth/login', { method: 'POST', json: input, token: null });
  } catch (error) {
    if (error instanceof NetworkError)
      throw new Error(authMessages.connectionError + error.message);
    throw error;
  }
  // §8 names the status text, the server error and 'Erro no login'; the server's pt-BR error
  // goes first because the status text is English ('Unauthorized') or empty over HTTP/2.
  if (!res.ok) throw new Error(errorMessageOf(res, authMessages.loginError));
  const parsed = LoginResponseSchema.safeParse(res.data);
  const body = parsed.success ? parsed.data : null;
  const token = body?.access_token ?? body?.token;
  if (!body || !token || !body.user) throw new Error(body?.error || authMessages.loginError);
  return { token, user: body.user, permissions: body.permissions ?? [] };
}

/** After login the bridge status is pinged so the server refreshes it; the answer is unused. */
export function pingBridgeStatus(): void {
  apiRequest('/mt5/status').catch(() => undefined);
}

export function useLogin(onSuccess: (session: SessionData) => void) {
  return useMutation({ mutationFn: login, onSuccess });
}
