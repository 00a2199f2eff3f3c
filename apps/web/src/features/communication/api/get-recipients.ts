import { useQuery } from '@tanstack/react-query';
import { AccountTypeSchema, endpoints, PublicUserSchema, type PublicUser } from '@vortex/core';
import { z } from 'zod';
import { requestEndpoint } from '../../../lib/api-client';
import { commTexts as t } from '../messages';
import { commRequest } from './comm-request';

export const recipientsQueryKey = ['communication', 'recipients'] as const;

// §3: account type case is handled leniently ('demo' is 'DEMO').
const UsersAnswerSchema = z
  .object({
    users: z.array(PublicUserSchema.extend({ account_type: AccountTypeSchema })),
    data: z.array(PublicUserSchema.extend({ account_type: AccountTypeSchema })),
  })
  .partial();

/** The users a manual send may reach: those whose account is in use, as 'all' on the server. */
export const isReachable = (u: PublicUser) => u.status === 'active' || u.status === 'approved';

/** The users list (§7: used by the communication centre too). */
export function useRecipients() {
  return useQuery({
    queryKey: recipientsQueryKey,
    queryFn: async ({ signal }) => {
      const body = await commRequest(
        () => requestEndpoint(endpoints.users.list, { signal }),
        UsersAnswerSchema,
        t.usersFailed,
      );
      return (body.users ?? body.data ?? []).filter(isReachable);
    },
    retry: false,
  });
}
