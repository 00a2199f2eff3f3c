import type { UserUpdate } from '@vortex/core';
import { usersTexts as t } from '../messages';
import { adminRequest } from './admin-request';
import { toastSuccess, useUserMutation } from './use-user-mutation';

export interface UpdateUserInput {
  id: number;
  changes: UserUpdate;
}

/** PUT /users/{id}: the server checks the fields (§5: "the server decides success"). */
export async function updateUser({ id, changes }: UpdateUserInput): Promise<void> {
  await adminRequest(
    `/users/${id}`,
    { method: 'PUT', json: changes },
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
