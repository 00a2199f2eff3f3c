import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema, resetMessages } from '@vortex/core';
import { apiRequest, NetworkError, serverErrorOf, type ApiResponse } from '../../../lib/api-client';
import { publicMessages, recoveryTexts } from '../messages';

/** POST /auth/forgot-password: the server answers the same message whether the email exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  let res: ApiResponse;
  try {
    res = await apiRequest('/auth/forgot-password', {
      method: 'POST',
      json: { email },
      token: null,
    });
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(publicMessages.connectionRetry);
    throw error;
  }
  if (!res.ok) throw new Error(serverErrorOf(res) ?? recoveryTexts.forgotFailed);
  const parsed = MessageResponseSchema.safeParse(res.data);
  return parsed.success ? parsed.data.message : resetMessages.forgotSent;
}

export function useForgotPassword(onSuccess: (message: string) => void) {
  return useMutation({ mutationFn: requestPasswordReset, onSuccess });
}
