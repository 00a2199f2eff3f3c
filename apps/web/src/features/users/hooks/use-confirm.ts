import { useState } from 'react';
import type { ConfirmRequest } from '../../../components/ui/confirm-dialog';
import { usersTexts as t } from '../messages';

export type ConfirmOptions = Omit<ConfirmRequest, 'cancelLabel'>;
export type Confirm = (options: ConfirmOptions) => void;

/** One confirmation at a time for the whole screen (§5: role, deletion, rejection). */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm: Confirm = (options) => {
    setRequest({ ...options, cancelLabel: t.confirm.cancel });
  };
  const close = () => {
    setRequest(null);
  };
  return { request, confirm, close };
}
