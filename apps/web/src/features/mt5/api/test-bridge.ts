import { endpoints, type TestBridgeResponseSchema, type TestBridgeSchema } from '@vortex/core';
import { toast } from 'sonner';
import type { z } from 'zod';
import { requestEndpoint, serverErrorOf } from '../../../lib/api-client';
import { mt5Texts as t } from '../messages';
import { Mt5ActionError, postMt5, useMt5Command } from './mt5-command';

export type TestBridgeInput = z.input<typeof TestBridgeSchema>;
export type TestBridgeResult = z.infer<typeof TestBridgeResponseSchema>;

/** POST /api/mt5/test-bridge: can the server reach this user's agent, and is MT5 logged in. */
export async function testBridge(input: TestBridgeInput): Promise<TestBridgeResult> {
  const endpoint = endpoints.mt5.testBridge;
  const res = await postMt5(() => requestEndpoint(endpoint, { body: input }), t.testFailed);
  if (!res.ok) throw new Mt5ActionError(t.testFailed, serverErrorOf(res));
  const parsed = endpoint.response.safeParse(res.data);
  if (!parsed.success) throw new Mt5ActionError(t.testFailed);
  return parsed.data;
}

/** trading.md §8: connected with account and server; reachable but logged out; failed. */
export function toastTestResult(result: TestBridgeResult): void {
  if (result.connected && result.account !== null && result.server !== null) {
    toast.success(t.bridgeConnected(result.account, result.server));
  } else if (result.success) {
    toast.warning(t.notLoggedIn);
  } else {
    toast.error(t.testFailed, { description: result.message });
  }
}

export function useTestBridge() {
  return useMt5Command({
    request: testBridge,
    success: toastTestResult,
    fallbackError: t.testFailed,
  });
}
