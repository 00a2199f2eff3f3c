import { useMutation } from '@tanstack/react-query';
import { TEST_CHANNELS, UserTestResponseSchema, type UserTestResponse } from '@vortex/core';
import { toast } from 'sonner';
import { usersTexts as t } from '../messages';
import { adminRequest, toastActionError, UserActionError } from './admin-request';

export type TestChannel = (typeof TEST_CHANNELS)[number];

/** POST /users/{id}/test/{channel}: sends a test message to the user through one channel. */
export async function testChannel(input: {
  id: number;
  channel: TestChannel;
}): Promise<UserTestResponse> {
  const body = await adminRequest(
    `/users/${input.id}/test/${input.channel}`,
    { method: 'POST' },
    { failed: t.testFailed, network: t.connection },
  );
  const parsed = UserTestResponseSchema.safeParse(body);
  if (!parsed.success) throw new UserActionError(t.testFailed);
  return parsed.data;
}

/** §8: 'Teste enviado. Canais OK: …' with the channels that worked, and why the others did not. */
export function toastTestResult(result: UserTestResponse): void {
  const entries = TEST_CHANNELS.flatMap((channel) => {
    const outcome = result.results[channel];
    return outcome ? [{ channel, ...outcome }] : [];
  });
  if (entries.length === 0) {
    if (result.success) toast.success(t.testSent);
    else toast.error(t.testFailed, { description: result.message });
    return;
  }
  const ok = entries.filter((e) => e.success).map((e) => e.channel);
  const failures = entries
    .filter((e) => !e.success)
    .map((e) => `${t.channels[e.channel]}: ${e.error ?? t.testFailed}`)
    .join(' · ');
  const options = failures ? { description: failures } : {};
  if (ok.length > 0) toast.success(t.testSentChannels(ok), options);
  else toast.warning(t.testSentChannels(ok), options);
}

export function useTestChannel() {
  return useMutation({
    mutationFn: testChannel,
    onSuccess: toastTestResult,
    onError: (error) => {
      toastActionError(error, t.testFailed);
    },
  });
}
