import { endpoints, type PhoneConfirmationState } from '@vortex/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { alertsKeys } from './alerts-keys';

/** The account's phone and whether its owner confirmed it. */
export async function fetchPhoneConfirmation(): Promise<PhoneConfirmationState> {
  return (await callEndpoint(endpoints.phone.confirmation)).data;
}

export function usePhoneConfirmation() {
  return useQuery({ queryKey: alertsKeys.phone, queryFn: fetchPhoneConfirmation });
}

/** A step of the flow whose answer carries the new state: the query takes it as is. */
function usePhoneStep<I, A extends { message: string; data: PhoneConfirmationState }>(
  request: (input: I) => Promise<A>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => queryClient.setQueryData(alertsKeys.phone, answer.data),
    // A refused step may have ended the code (expired, tries spent): read where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: alertsKeys.phone }),
  });
}

/** A code to the account's phone, by WhatsApp or SMS. */
export const useSendPhoneCode = () =>
  usePhoneStep((_: undefined) => callEndpoint(endpoints.phone.sendCode, { body: {} }));

/** Confirms the phone with the code the user typed. */
export const useVerifyPhoneCode = () =>
  usePhoneStep((code: string) => callEndpoint(endpoints.phone.verifyCode, { body: { code } }));
