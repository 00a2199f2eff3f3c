import { endpoints, type AlertsConfig } from '@vortex/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { alertsKeys } from './alerts-keys';

/** GET /api/alerts/config: the caller's own configuration (defaults until saved). */
export async function fetchAlertsConfig(): Promise<AlertsConfig> {
  return (await callEndpoint(endpoints.alerts.config)).config;
}

export function useAlertsConfig() {
  // The screen edits a copy taken once; a background refetch must not overwrite a change.
  return useQuery({ queryKey: alertsKeys.config, queryFn: fetchAlertsConfig, staleTime: Infinity });
}
