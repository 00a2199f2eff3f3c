import { endpoints } from '@vortex/core';
import { toast } from 'sonner';
import { requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { mt5Texts as t } from '../messages';
import { Mt5ActionError, postMt5, useMt5Command } from './mt5-command';

/** POST /api/mt5/disconnect: the agent logs the terminal out; every failure is §8's one text. */
export async function disconnectMt5(): Promise<string> {
  const endpoint = endpoints.mt5.disconnect;
  const res = await postMt5(() => requestEndpoint(endpoint), t.disconnectFailed);
  if (!res.ok) throw new Mt5ActionError(t.disconnectFailed, serverErrorOf(res));
  const parsed = endpoint.response.safeParse(res.data);
  if (!parsed.success) throw new Mt5ActionError(t.disconnectFailed);
  if (!parsed.data.success) throw new Mt5ActionError(t.disconnectFailed, parsed.data.message);
  return parsed.data.message || t.disconnected;
}

export function useDisconnectMt5() {
  return useMt5Command({
    request: disconnectMt5,
    success: (message: string) => toast.success(message),
    fallbackError: t.disconnectFailed,
  });
}
