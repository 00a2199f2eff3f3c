import { Mt5CommandResponseSchema } from '@vortex/core';
import { toast } from 'sonner';
import { serverErrorOf } from '../../../lib/api-client';
import { mt5Texts as t } from '../messages';
import { Mt5ActionError, postMt5, useMt5Command } from './mt5-command';

/** POST /api/mt5/disconnect: the agent logs the terminal out; every failure is §8's one text. */
export async function disconnectMt5(): Promise<string> {
  const res = await postMt5('/api/mt5/disconnect', undefined, t.disconnectFailed);
  if (!res.ok) throw new Mt5ActionError(t.disconnectFailed, serverErrorOf(res));
  const parsed = Mt5CommandResponseSchema.safeParse(res.data);
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
