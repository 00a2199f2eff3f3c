import { endpoints, type Role } from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { usersTexts as t } from '../messages';
import { adminRequest } from './admin-request';
import { toastSuccess, useUserMutation } from './use-user-mutation';

/** Changes a user's role: the select, and the one-click promote and demote. */
export async function changeRole({ id, role }: { id: number; role: Role }): Promise<void> {
  await adminRequest(
    () => requestEndpoint(endpoints.users.changeRole, { params: { id }, body: { role } }),
    { failed: t.roleFailed, network: t.roleError },
  );
}

export function useChangeRole() {
  return useUserMutation({
    request: changeRole,
    success: toastSuccess(t.roleChanged),
    fallbackError: t.roleFailed,
  });
}
