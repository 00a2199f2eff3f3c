import { useMutation } from '@tanstack/react-query';
import {
  endpoints,
  TEST_CHANNELS,
  type CHANNEL_TEST_STATUSES,
  type UserTestResponse,
} from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { usersTexts as t } from '../messages';
import { adminRequest, toastActionError, UserActionError } from './admin-request';

export type TestChannel = (typeof TEST_CHANNELS)[number];
export type ChannelTestStatus = (typeof CHANNEL_TEST_STATUSES)[number];

/** One channel's outcome as the result names it. */
export interface ChannelOutcome {
  channel: TestChannel;
  status: ChannelTestStatus;
  error: string | undefined;
}

/** Sends a test message to the user through one channel. */
export async function testChannel(input: {
  id: number;
  channel: TestChannel;
}): Promise<UserTestResponse> {
  const body = await adminRequest(
    () => requestEndpoint(endpoints.users.testChannel, { params: input }),
    { failed: t.testFailed, network: t.connection },
  );
  const parsed = endpoints.users.testChannel.response.safeParse(body);
  if (!parsed.success) throw new UserActionError(t.testFailed);
  return parsed.data;
}

/** The channels the answer speaks of, each sent, failed, unavailable or still queued. */
export function channelOutcomes(result: UserTestResponse): ChannelOutcome[] {
  return TEST_CHANNELS.flatMap((channel) => {
    const r = result.results[channel];
    if (!r) return [];
    // A server without `status` said only success or not: a failure it tried.
    const status = r.status ?? (r.success ? 'sent' : 'failed');
    return [{ channel, status, error: r.error }];
  });
}

export function useTestChannel() {
  return useMutation({
    mutationFn: testChannel,
    onError: (error) => {
      toastActionError(error, t.testFailed);
    },
  });
}
