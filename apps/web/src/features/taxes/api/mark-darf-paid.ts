import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@vortex/core';
import { callEndpoint } from '../../../lib/api-client';
import { taxesKeys } from './taxes-keys';

export interface DarfMark {
  month: string;
  paid: boolean;
}

/** PUT /api/taxes/darf/:month {paid}: marks or unmarks the month's DARF as paid. */
export function markDarfPaid({ month, paid }: DarfMark) {
  return callEndpoint(endpoints.taxes.markDarfPaid, { params: { month }, body: { paid } });
}

export function useMarkDarfPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDarfPaid,
    // The year's rows carry `paid`, and so does an open month's header: both are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxesKeys.all }),
  });
}
