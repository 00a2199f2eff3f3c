import { useMutation } from '@tanstack/react-query';
import { SendManualResponseSchema, type SendManual } from '@vortex/core';
import { commTexts as t } from '../messages';
import { commRequest } from './comm-request';

/** POST /communication/send-manual: answers a result per recipient. */
export function useSendManual() {
  return useMutation({
    mutationFn: (input: SendManual) =>
      commRequest(
        '/communication/send-manual',
        SendManualResponseSchema,
        { method: 'POST', json: input },
        t.sendFailed,
      ),
  });
}
