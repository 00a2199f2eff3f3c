import { endpoints, type UserUpdate } from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { usersTexts as t } from '../messages';
import { adminRequest } from './admin-request';
import { toastSuccess, useUserMutation } from './use-user-mutation';

export interface UpdateUserInput {
  id: number;
  changes: UserUpdate;
}

/** Edits a user: the server checks the fields (§5: "the server decides success"). */
export async function updateUser({ id, changes }: UpdateUserInput): Promise<void> {
  await adminRequest(
    () => requestEndpoint(endpoints.users.update, { params: { id }, body: changes }),
    { failed: t.updateFailed, network: t.updateError },
  );
}

export function useUpdateUser() {
  return useUserMutation({
    request: updateUser,
    success: toastSuccess(t.updated),
    fallbackError: t.updateFailed,
  });
}
