import { useMutation } from '@tanstack/react-query';
import { endpoints, type SendManual } from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { commTexts as t } from '../messages';
import { commRequest } from './comm-request';

/** Sends a manual message: answers a result per recipient. */
export function useSendManual() {
  return useMutation({
    mutationFn: (input: SendManual) =>
      commRequest(
        () => requestEndpoint(endpoints.communication.sendManual, { body: input }),
        endpoints.communication.sendManual.response,
        t.sendFailed,
      ),
  });
}
