import { useMutation } from '@tanstack/react-query';
import { endpoints, resetMessages } from '@vortex/core';
import {
  NetworkError,
  requestEndpoint,
  serverErrorOf,
  type ApiResponse,
} from '../../../lib/api-client';
import { publicMessages, recoveryTexts } from '../messages';

/** Asks for a reset link: the server answers the same message whether the email exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  let res: ApiResponse;
  try {
    res = await requestEndpoint(endpoints.auth.forgotPassword, { body: { email }, token: null });
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(publicMessages.connectionRetry);
    throw error;
  }
  if (!res.ok) throw new Error(serverErrorOf(res) ?? recoveryTexts.forgotFailed);
  const parsed = endpoints.auth.forgotPassword.response.safeParse(res.data);
  return parsed.success ? parsed.data.message : resetMessages.forgotSent;
}

export function useForgotPassword(onSuccess: (message: string) => void) {
  return useMutation({ mutationFn: requestPasswordReset, onSuccess });
}
