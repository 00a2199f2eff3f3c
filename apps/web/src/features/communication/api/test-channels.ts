import { useMutation } from '@tanstack/react-query';
import { TestChannelsResponseSchema, type TestChannels } from '@vortex/core';
import { commTexts as t } from '../messages';
import { commRequest } from './comm-request';

/** POST /communication/test-channels: answers each channel's outcome. */
export function useTestChannels() {
  return useMutation({
    mutationFn: (input: TestChannels) =>
      commRequest(
        '/communication/test-channels',
        TestChannelsResponseSchema,
        { method: 'POST', json: input },
        t.testFailed,
      ),
  });
}
