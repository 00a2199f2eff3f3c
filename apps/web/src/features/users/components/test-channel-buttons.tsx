import { TEST_CHANNELS } from '@vortex/core';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTestChannel, type TestChannel } from '../api/test-channel';
import { usersTexts as t } from '../messages';
import { showTestResult } from './channel-test-result';

// §2 lists them as sms, whatsapp, email.
const ORDER: readonly TestChannel[] = ['sms', 'whatsapp', 'email'];

/** Sends a test message to this user through one channel (§2, §8). */
export function TestChannelButtons({ userId }: { userId: number }) {
  const mutation = useTestChannel();
  return (
    <div
      role="group"
      aria-label={t.columns.tests}
      className="inline-flex overflow-hidden rounded-lg border border-border"
    >
      {ORDER.filter((c) => TEST_CHANNELS.includes(c)).map((channel) => {
        const busy = mutation.isPending && mutation.variables.channel === channel;
        return (
          <Button
            key={channel}
            variant="ghost"
            size="sm"
            className="h-7 gap-1 rounded-none border-border px-2.5 text-xs not-first:border-l"
            disabled={mutation.isPending}
            onClick={() => {
              mutation.mutate({ id: userId, channel }, { onSuccess: showTestResult });
            }}
          >
            {busy && <Spinner className="size-3.5" />}
            {t.channels[channel]}
          </Button>
        );
      })}
    </div>
  );
}
