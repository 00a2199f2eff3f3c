import { usersTexts as t } from '../messages';
import { adminRequest } from './admin-request';
import { toastSuccess, useUserMutation } from './use-user-mutation';

export async function deleteUser(id: number): Promise<void> {
  await adminRequest(
    `/users/${id}`,
    { method: 'DELETE' },
    { failed: t.deleteFailed, network: t.deleteError },
  );
}

export function useDeleteUser() {
  return useUserMutation({
    request: deleteUser,
    success: toastSuccess(t.deleted),
    fallbackError: t.deleteFailed,
  });
}
