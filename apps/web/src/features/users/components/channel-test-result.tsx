import { communicationMessages as comm, type UserTestResponse } from '@vortex/core';
import { toast } from 'sonner';
import { channelOutcomes, type ChannelOutcome } from '../api/test-channel';
import { usersTexts as t } from '../messages';

/** Each channel that did not send, with why: 'WhatsApp: indisponível — WhatsApp desconectado…'. */
export function ChannelOutcomeList({ outcomes }: { outcomes: ChannelOutcome[] }) {
  return (
    <ul className="space-y-0.5">
      {outcomes.map((o) => (
        <li key={o.channel}>
          <span className="font-medium">{t.channels[o.channel]}</span>
          {`: ${comm.outcome[o.status]}`}
          {o.error && ` — ${o.error}`}
        </li>
      ))}
    </ul>
  );
}

/**
 * §8's 'Teste enviado. Canais OK: …' naming the channels by their labels; when none sent, says
 * so instead of 'Canais OK: nenhum'. Every channel that did not send is listed with its reason.
 */
export function showTestResult(result: UserTestResponse): void {
  const outcomes = channelOutcomes(result);
  if (outcomes.length === 0) {
    if (result.success) toast.success(t.testSent);
    else toast.error(t.testFailed, { description: result.message });
    return;
  }
  const sent = outcomes.filter((o) => o.status === 'sent');
  const others = outcomes.filter((o) => o.status !== 'sent');
  const title = comm.testSummary(sent.map((o) => t.channels[o.channel]));
  const options =
    others.length > 0 ? { description: <ChannelOutcomeList outcomes={others} /> } : {};
  if (others.length === 0) toast.success(title, options);
  else if (sent.length > 0) toast.warning(title, options);
  else toast.error(title, options);
}
