import { useQuery } from '@tanstack/react-query';
import { AccountTypeSchema, endpoints, PublicUserSchema, type PublicUser } from '@vortex/core';
import { z } from 'zod';
import {
  NetworkError,
  requestEndpoint,
  serverErrorOf,
  type ApiResponse,
} from '../../../lib/api-client';
import { usersTexts as t } from '../messages';

export const usersQueryKey = ['users'] as const;

// The contract's user, with the spec's leniency on account type case (§3: 'demo' is 'DEMO').
const ListedUserSchema = PublicUserSchema.extend({ account_type: AccountTypeSchema });

/** The list comes as `users` or `data` (§7); either will do. */
const UsersAnswerSchema = z
  .object({ users: z.array(ListedUserSchema), data: z.array(ListedUserSchema) })
  .partial();

function failed(message: string): Error {
  return new Error(t.listFailed(message));
}

export async function fetchUsers(signal?: AbortSignal): Promise<PublicUser[]> {
  let res: ApiResponse;
  try {
    res = await requestEndpoint(endpoints.users.list, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof NetworkError) throw failed(t.connection);
    throw error;
  }
  // §5: JSON expected; an HTML page (a proxy, or the web server answering for the API) is an error.
  if (res.data === null) throw failed(t.htmlAnswer);
  if (!res.ok) throw failed(serverErrorOf(res) ?? `HTTP ${res.status}`);
  const parsed = UsersAnswerSchema.safeParse(res.data);
  const users = parsed.success ? (parsed.data.users ?? parsed.data.data) : undefined;
  if (!users) throw failed(t.invalidAnswer);
  return users;
}

export function useUsers() {
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => fetchUsers(signal),
    // The screen has its own retry and refresh buttons: fail fast and say so.
    retry: false,
  });
}
