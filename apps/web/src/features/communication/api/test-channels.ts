import { useMutation } from '@tanstack/react-query';
import { endpoints, type TestChannels } from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { commTexts as t } from '../messages';
import { commRequest } from './comm-request';

/** Tests the sending channels: answers each channel's outcome. */
export function useTestChannels() {
  return useMutation({
    mutationFn: (input: TestChannels) =>
      commRequest(
        () => requestEndpoint(endpoints.communication.testChannels, { body: input }),
        endpoints.communication.testChannels.response,
        t.testFailed,
      ),
  });
}
