import { type BotToday } from '@vortex/core';
import { cn } from '../../../lib/cn';
import { botControlTexts as t } from '../messages';
import { useMoney } from '../../../lib/money';

function Counter(props: { label: string; value: number; note?: string; tone?: string }) {
  return (
    <div className="rounded-lg border border-border bg-background/60 p-3">
      <dt className="text-xs text-muted-foreground">{props.label}</dt>
      {/* Colour only a count there is: a green or red zero reads as a result. */}
      <dd className={cn('text-2xl font-semibold tabular-nums', props.value > 0 && props.tone)}>
        {props.value}
      </dd>
      {props.note && <dd className="text-xs text-muted-foreground tabular-nums">{props.note}</dd>}
    </div>
  );
}

/** The card's four counters for today. */
export function BotCounters({ today }: { today: BotToday | undefined }) {
  const money = useMoney();
  const c = t.counters;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Counter label={c.trades} value={today?.trades ?? 0} />
      <Counter
        label={c.winners}
        value={today?.winners ?? 0}
        note={c.average(money.format(today?.average_win ?? 0))}
        tone="text-success"
      />
      <Counter
        label={c.losers}
        value={today?.losers ?? 0}
        note={c.average(money.format(today?.average_loss ?? 0))}
        tone="text-destructive"
      />
      <Counter label={c.canceled} value={today?.canceled ?? 0} />
    </dl>
  );
}
