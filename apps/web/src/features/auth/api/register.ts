import { useMutation } from '@tanstack/react-query';
import {
  deriveUsername,
  endpoints,
  RegisterResponseSchema,
  toRegisterPayload,
  type RegisterForm,
} from '@vortex/core';
import type { z } from 'zod';
import {
  NetworkError,
  requestEndpoint,
  serverErrorOf,
  type ApiResponse,
} from '../../../lib/api-client';
import { publicMessages, registerTexts } from '../messages';

export type RegisteredAccount = z.infer<typeof RegisterResponseSchema>['user'];

/**
 * Creates an account with the payload of §3. Errors follow §8: the server's message, else
 * 'Erro ao criar conta'; an unreachable server and a non-JSON answer have their own texts.
 */
export async function registerAccount(form: RegisterForm): Promise<RegisteredAccount> {
  let res: ApiResponse;
  try {
    res = await requestEndpoint(endpoints.auth.register, {
      body: toRegisterPayload(form, deriveUsername(form.email)),
      token: null,
    });
  } catch (error) {
    if (error instanceof NetworkError) throw new Error(publicMessages.connectionRetry);
    throw error;
  }
  if (res.data === null) throw new Error(registerTexts.serverError);
  if (!res.ok) throw new Error(serverErrorOf(res) ?? registerTexts.failed);
  const parsed = RegisterResponseSchema.safeParse(res.data);
  if (parsed.success) return parsed.data.user;
  // A 2xx means the account exists: saying otherwise would send the user into a 409 retry.
  return {
    email: form.email,
    username: deriveUsername(form.email),
    account_type: form.accountType,
  };
}

export function useRegister(onSuccess: (account: RegisteredAccount) => void) {
  return useMutation({ mutationFn: registerAccount, onSuccess });
}
