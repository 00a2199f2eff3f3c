import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type TaxSettings } from '@vortex/core';
import { callEndpoint } from '../../../lib/api-client';
import { taxesKeys } from './taxes-keys';

/** PUT /api/taxes/settings with the whole settings object. */
export async function saveTaxSettings(settings: TaxSettings): Promise<TaxSettings> {
  const answer = await callEndpoint(endpoints.taxes.saveSettings, { body: settings });
  return answer.settings;
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxSettings,
    // A new cost per contract changes every month's result: the year is computed again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxesKeys.all }),
  });
}
