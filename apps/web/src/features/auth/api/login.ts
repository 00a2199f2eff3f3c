import { useMutation } from '@tanstack/react-query';
import { endpoints, LoginResponseSchema } from '@vortex/core';
import { z } from 'zod';
import {
  apiRequest,
  errorMessageOf,
  NetworkError,
  requestEndpoint,
  type ApiResponse,
} from '../../../lib/api-client';
import type { SessionData } from '../../../lib/session';
import { authMessages } from '../messages';

export interface LoginInput {
  /** The spec's field is named email but takes a username too. */
  email: string;
  password: string;
}

/**
 * Signs in on the contract's schema, keeping the spec's alternatives (§3): the token
 * comes as access_token or token, and permissions are stored as received (their use is not
 * shown). The user is checked strictly: its role decides what the interface shows.
 */
const LoginAnswerSchema = LoginResponseSchema.pick({ user: true }).extend({
  access_token: z.string().min(1).optional(),
  token: z.string().min(1).optional(),
  permissions: z.unknown().optional(),
});
const LoginFailureSchema = z.object({ error: z.string().min(1) });

export async function login(input: LoginInput): Promise<SessionData> {
  let res: ApiResponse;
  try {
    res = await requestEndpoint(endpoints.auth.login, { body: input, token: null });
  } catch (error) {
    if (error instanceof NetworkError)
      throw new Error(authMessages.connectionError + error.message);
    throw error;
  }
  // §8 names the status text, the server error and 'Erro no login'; the server's pt-BR error
  // goes first because the status text is English ('Unauthorized') or empty over HTTP/2.
  if (!res.ok) throw new Error(errorMessageOf(res, authMessages.loginError));
  const parsed = LoginAnswerSchema.safeParse(res.data);
  const token = parsed.success ? (parsed.data.access_token ?? parsed.data.token) : undefined;
  if (!parsed.success || !token) {
    const failure = LoginFailureSchema.safeParse(res.data);
    throw new Error(failure.success ? failure.data.error : authMessages.loginError);
  }
  return { token, user: parsed.data.user, permissions: parsed.data.permissions ?? [] };
}

/**
 * After login the bridge status is pinged so the server refreshes it; the answer is unused. The
 * spec pings its older path, the status endpoint's alias.
 */
export function pingBridgeStatus(): void {
  apiRequest(endpoints.mt5.status.aliases[0]).catch(() => undefined);
}

export function useLogin(onSuccess: (session: SessionData) => void) {
  return useMutation({ mutationFn: login, onSuccess });
}
