import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { HttpError } from '../../../lib/api-client';
import { botControlKeys } from '../api/bot-control-keys';
import { closeAllPositions, setBotEntriesPaused } from '../api/control-bot';
import type { BotStatus } from '../api/get-bot-status';
import { botControlTexts as t } from '../messages';

const failed = (error: Error, fallback: string) =>
  toast.error(t.errors.failed(error instanceof HttpError ? error.message : fallback));

/** 'Pausar entradas' / 'Retomar entradas' and 'Zerar posições', with the server's messages. */
export function useBotRiskActions() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: botControlKeys.status });

  const entries = useMutation({
    mutationFn: setBotEntriesPaused,
    onSuccess: (message, paused) => {
      client.setQueryData<BotStatus>(botControlKeys.status, (old) =>
        old ? { ...old, entries_paused: paused } : old,
      );
      toast.success(message);
      refresh();
    },
    onError: (error, paused) => failed(error, paused ? t.errors.pause : t.errors.resume),
  });

  const closeAll = useMutation({
    mutationFn: closeAllPositions,
    onSuccess: (message) => {
      toast.success(message);
      refresh();
    },
    onError: (error) => failed(error, t.errors.closeAll),
  });

  return { entries, closeAll };
}
