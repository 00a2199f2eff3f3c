import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { HttpError } from '../../../lib/api-client';
import {
  botControlKeys,
  RECHECK_AFTER_START_MS,
  RECHECK_AFTER_STOP_MS,
} from '../api/bot-control-keys';
import { controlBot, type BotAction } from '../api/control-bot';
import type { BotStatus } from '../api/get-bot-status';
import { botControlTexts as t } from '../messages';

/**
 * Start/stop (trading.md §4 'Bot'): on success the state is set at once, the server's message
 * shown, and the status checked again 2 s after a start, 1 s after a stop; on failure the
 * server's error (or the generic one) is shown with a cross.
 */
export function useBotControl() {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useMutation({
    mutationFn: controlBot,
    onSuccess: (message, action: BotAction) => {
      client.setQueryData<BotStatus>(botControlKeys.status, (old) =>
        old ? { ...old, bot_active: action === 'start' } : old,
      );
      toast.success(message);
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => void client.invalidateQueries({ queryKey: botControlKeys.status }),
        action === 'start' ? RECHECK_AFTER_START_MS : RECHECK_AFTER_STOP_MS,
      );
    },
    onError: (error, action) => {
      const fallback = action === 'start' ? t.errors.start : t.errors.stop;
      toast.error(t.errors.failed(error instanceof HttpError ? error.message : fallback));
    },
  });
}
