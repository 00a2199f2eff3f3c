import { alertsMessages as m, endpoints, type AlertsConfig } from '@vortex/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NetworkError, requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { alertsKeys } from './alerts-keys';

/** A failed save, worded as trading.md §8 has it; `detail` is the server's reason, if any. */
export class SaveAlertsConfigError extends Error {
  override name = 'SaveAlertsConfigError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** POST /api/alerts/config with the whole configuration. */
export async function saveAlertsConfig(config: AlertsConfig): Promise<void> {
  let res;
  try {
    res = await requestEndpoint(endpoints.alerts.saveConfig, { body: config });
  } catch (err) {
    if (err instanceof NetworkError) throw new SaveAlertsConfigError(m.saveError);
    throw err;
  }
  if (!res.ok || !endpoints.alerts.saveConfig.response.safeParse(res.data).success) {
    throw new SaveAlertsConfigError(m.saveFailed, serverErrorOf(res));
  }
}

export function useSaveAlertsConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertsConfig,
    onSuccess: (_void, config) => {
      queryClient.setQueryData(alertsKeys.config, config);
    },
  });
}
