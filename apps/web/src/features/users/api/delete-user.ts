import { endpoints } from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { usersTexts as t } from '../messages';
import { adminRequest } from './admin-request';
import { toastSuccess, useUserMutation } from './use-user-mutation';

export async function deleteUser(id: number): Promise<void> {
  await adminRequest(() => requestEndpoint(endpoints.users.remove, { params: { id } }), {
    failed: t.deleteFailed,
    network: t.deleteError,
  });
}

export function useDeleteUser() {
  return useUserMutation({
    request: deleteUser,
    success: toastSuccess(t.deleted),
    fallbackError: t.deleteFailed,
  });
}
