import { endpoints, type Mt5Connect } from '@vortex/core';
import { toast } from 'sonner';
import { requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { mt5Texts as t } from '../messages';
import { Mt5ActionError, postMt5, useMt5Command } from './mt5-command';

/**
 * POST /api/mt5/connect: the agent logs the terminal in. 409 means no agent is connected: the
 * server's own sentence says what to do. A refusal from MT5 (success: false) keeps its reason.
 */
export async function connectMt5(input: Mt5Connect): Promise<string> {
  const endpoint = endpoints.mt5.connect;
  const res = await postMt5(() => requestEndpoint(endpoint, { body: input }), t.connectNetwork);
  if (res.status === 409) throw new Mt5ActionError(serverErrorOf(res) ?? t.bridgeOffline);
  if (!res.ok) throw new Mt5ActionError(t.connectFailed, serverErrorOf(res));
  const parsed = endpoint.response.safeParse(res.data);
  if (!parsed.success) throw new Mt5ActionError(t.connectFailed);
  if (!parsed.data.success) throw new Mt5ActionError(t.connectRefused, parsed.data.message);
  return parsed.data.message || t.loginSent;
}

export function useConnectMt5() {
  return useMt5Command({
    request: connectMt5,
    success: (message: string) => toast.success(message),
    fallbackError: t.connectFailed,
  });
}
