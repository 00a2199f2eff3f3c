import { useQuery } from '@tanstack/react-query';
import { TemplatesResponseSchema } from '@vortex/core';
import { commTexts as t } from '../messages';
import { commRequest } from './comm-request';

export const templatesQueryKey = ['communication', 'templates'] as const;

/** GET /communication/templates: the four templates, fetched once per session. */
export function useTemplates() {
  return useQuery({
    queryKey: templatesQueryKey,
    queryFn: async ({ signal }) =>
      (
        await commRequest(
          '/communication/templates',
          TemplatesResponseSchema,
          { signal },
          t.templatesFailed,
        )
      ).templates,
    staleTime: Infinity,
    retry: false,
  });
}
