import { endpoints } from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { usersTexts as t } from '../messages';
import { adminRequest } from './admin-request';
import { toastSuccess, useUserMutation } from './use-user-mutation';

/** Approves a pending account: it becomes active (§4). */
export async function approveAccount(id: number): Promise<void> {
  await adminRequest(() => requestEndpoint(endpoints.users.approve, { params: { id } }), {
    failed: t.approveFailed,
    network: t.connection,
  });
}

/** Rejects a pending account: it leaves the pending list. */
export async function rejectAccount(id: number): Promise<void> {
  await adminRequest(() => requestEndpoint(endpoints.users.reject, { params: { id } }), {
    failed: t.rejectFailed,
    network: t.rejectFailed,
  });
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
