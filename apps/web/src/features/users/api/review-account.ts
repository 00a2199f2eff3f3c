import { usersTexts as t } from '../messages';
import { adminRequest } from './admin-request';
import { toastSuccess, useUserMutation } from './use-user-mutation';

/** PUT /users/{id}/approve: a pending account becomes active (§4). */
export async function approveAccount(id: number): Promise<void> {
  await adminRequest(
    `/users/${id}/approve`,
    { method: 'PUT' },
    { failed: t.approveFailed, network: t.connection },
  );
}

/** PUT /users/{id}/reject: the account leaves the pending list. */
export async function rejectAccount(id: number): Promise<void> {
  await adminRequest(
    `/users/${id}/reject`,
    { method: 'PUT' },
    { failed: t.rejectFailed, network: t.rejectFailed },
  );
}

export function useApproveAccount() {
  return useUserMutation({
    request: approveAccount,
    success: toastSuccess(t.approved),
    fallbackError: t.approveFailed,
  });
}

export function useRejectAccount() {
  return useUserMutation({
    request: rejectAccount,
    success: toastSuccess(t.rejected),
    fallbackError: t.rejectFailed,
  });
}
