import {
  PhoneConfirmationSendResponseSchema,
  PhoneConfirmationStateResponseSchema,
  PhoneConfirmationVerifyResponseSchema,
  type PhoneConfirmationState,
} from '@vortex/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '../../../lib/api-client';
import { alertsKeys } from './alerts-keys';

/** GET /api/phone/confirmation: the account's phone and whether its owner confirmed it. */
export async function fetchPhoneConfirmation(): Promise<PhoneConfirmationState> {
  return (await apiJson('/api/phone/confirmation', PhoneConfirmationStateResponseSchema)).data;
}

export function usePhoneConfirmation() {
  return useQuery({ queryKey: alertsKeys.phone, queryFn: fetchPhoneConfirmation });
}

/** A step of the flow whose answer carries the new state: the query takes it as is. */
function usePhoneStep<I, S extends z.ZodType<{ message: string; data: PhoneConfirmationState }>>(
  request: (input: I) => Promise<z.infer<S>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => queryClient.setQueryData(alertsKeys.phone, answer.data),
    // A refused step may have ended the code (expired, tries spent): read where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: alertsKeys.phone }),
  });
}

/** POST /api/phone/confirmation: a code to the account's phone, by WhatsApp or SMS. */
export const useSendPhoneCode = () =>
  usePhoneStep<undefined, typeof PhoneConfirmationSendResponseSchema>(() =>
    apiJson('/api/phone/confirmation', PhoneConfirmationSendResponseSchema, {
      method: 'POST',
      json: {},
    }),
  );

/** POST /api/phone/confirmation/verify with the code the user typed. */
export const useVerifyPhoneCode = () =>
  usePhoneStep<string, typeof PhoneConfirmationVerifyResponseSchema>((code) =>
    apiJson('/api/phone/confirmation/verify', PhoneConfirmationVerifyResponseSchema, {
      method: 'POST',
      json: { code },
    }),
  );
