import { useMutation, useQuery } from '@tanstack/react-query';
import { endpoints, resetMessages } from '@vortex/core';
import { requestEndpoint, serverErrorOf, type ApiResponse } from '../../../lib/api-client';
import { recoveryTexts } from '../messages';

/** A refused token carries the server's reason; anything else is a failed check (§8). */
export class TokenCheckError extends Error {
  override name = 'TokenCheckError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Checks a reset link's token: the email the token belongs to, or a TokenCheckError. */
export async function validateResetToken(token: string, signal?: AbortSignal): Promise<string> {
  let res: ApiResponse;
  try {
    res = await requestEndpoint(endpoints.auth.validateResetToken, {
      query: { token },
      token: null,
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new TokenCheckError(recoveryTexts.validateFailed, true);
  }
  if (res.data === null) throw new TokenCheckError(recoveryTexts.validateFailed, true);
  const parsed = endpoints.auth.validateResetToken.response.safeParse(res.data);
  if (res.ok && parsed.success) return parsed.data.user_email;
  throw new TokenCheckError(serverErrorOf(res) ?? resetMessages.invalidToken, false);
}

export function useResetTokenCheck(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => validateResetToken(token ?? '', signal),
    enabled: token !== null,
    // A token is checked once per visit: a refused one stays refused, and a retry is the user's.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Sets the new password; failures show the server's message or 'Erro ao redefinir senha'. */
export async function resetPassword(input: { token: string; password: string }): Promise<string> {
  let res: ApiResponse;
  try {
    res = await requestEndpoint(endpoints.auth.resetPassword, { body: input, token: null });
  } catch {
    throw new Error(recoveryTexts.resetFailed);
  }
  if (!res.ok) throw new Error(serverErrorOf(res) ?? recoveryTexts.resetFailed);
  const parsed = endpoints.auth.resetPassword.response.safeParse(res.data);
  return parsed.success ? parsed.data.message : resetMessages.done;
}

export function useResetPassword(onSuccess: (message: string) => void) {
  return useMutation({ mutationFn: resetPassword, onSuccess });
}
