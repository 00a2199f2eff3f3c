import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ui/confirm-dialog';
import { useCleanup } from '../api/sessions';
import { bridgeAdminTexts as t } from '../messages';

/** §2: clean up sessions and tokens after a confirmation, for one user or for everyone. */
export function CleanupButton({ userId }: { userId: number | undefined }) {
  const cleanup = useCleanup();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const ask = () => {
    setRequest({
      title: t.sessions.cleanupTitle,
      description: userId === undefined ? t.sessions.cleanupAll : t.sessions.cleanupUser(userId),
      confirmLabel: t.sessions.cleanupConfirm,
      cancelLabel: t.sessions.cancel,
      destructive: true,
      onConfirm: () => {
        cleanup.mutate(userId);
      },
    });
  };
  return (
    <>
      <Button variant="outline" onClick={ask} disabled={cleanup.isPending}>
        <Eraser />
        {t.sessions.cleanup}
      </Button>
      <ConfirmDialog
        request={request}
        onClose={() => {
          setRequest(null);
        }}
      />
    </>
  );
}
