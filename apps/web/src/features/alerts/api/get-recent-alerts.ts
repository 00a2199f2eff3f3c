import { endpoints, type RecentAlert } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { alertsKeys } from './alerts-keys';

/** Live events refresh the list at once; this poll only catches what they miss. */
export const RECENT_ALERTS_POLL_MS = 30_000;

export async function fetchRecentAlerts(): Promise<RecentAlert[]> {
  return (await callEndpoint(endpoints.alerts.recent)).alerts;
}

export function useRecentAlerts() {
  return useQuery({
    queryKey: alertsKeys.recent,
    queryFn: fetchRecentAlerts,
    refetchInterval: RECENT_ALERTS_POLL_MS,
  });
}
