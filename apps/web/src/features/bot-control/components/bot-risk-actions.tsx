import { CirclePause, CirclePlay, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ui/confirm-dialog';
import { useBotRiskActions } from '../hooks/use-bot-risk-actions';
import { botControlTexts as t } from '../messages';

interface BotRiskActionsProps {
  active: boolean;
  entriesPaused: boolean;
  mt5On: boolean;
}

/**
 * Pausing the running bot's entries (it keeps managing its open positions) and closing every
 * open position of the account, after a confirmation.
 */
export function BotRiskActions({ active, entriesPaused, mt5On }: BotRiskActionsProps) {
  const { entries, closeAll } = useBotRiskActions();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const askCloseAll = () =>
    setConfirm({
      title: t.closeAll.title,
      description: t.closeAll.description,
      confirmLabel: t.closeAll.confirm,
      cancelLabel: t.closeAll.cancel,
      destructive: true,
      onConfirm: () => closeAll.mutate(),
    });

  return (
    <>
      {active && (
        <Button
          variant="outline"
          disabled={entries.isPending}
          onClick={() => entries.mutate(!entriesPaused)}
        >
          {entriesPaused ? <CirclePlay aria-hidden /> : <CirclePause aria-hidden />}
          {entriesPaused ? t.resumeEntries : t.pauseEntries}
        </Button>
      )}
      {mt5On && (
        <Button
          variant="outline"
          className="text-destructive hover:text-destructive"
          disabled={closeAll.isPending}
          onClick={askCloseAll}
        >
          <XCircle aria-hidden />
          {closeAll.isPending ? t.closingAll : t.closeAll.button}
        </Button>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
