import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { commTexts as t } from '../messages';
import { commRequest } from './comm-request';

export const templatesQueryKey = ['communication', 'templates'] as const;

/** The four message templates, fetched once per session. */
export function useTemplates() {
  return useQuery({
    queryKey: templatesQueryKey,
    queryFn: async ({ signal }) =>
      (
        await commRequest(
          () => requestEndpoint(endpoints.communication.templates, { signal }),
          endpoints.communication.templates.response,
          t.templatesFailed,
        )
      ).templates,
    staleTime: Infinity,
    retry: false,
  });
}
