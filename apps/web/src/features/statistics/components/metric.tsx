import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** Green for a gain, red for a loss, plain for zero. */
export const toneOf = (value: number) =>
  value > 0 ? 'text-success' : value < 0 ? 'text-destructive' : undefined;

export function HeadlineCard(props: {
  label: string;
  icon: ReactNode;
  value: string;
  tone?: string | undefined;
  hint?: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{props.label}</span>
        <span aria-hidden className="text-muted-foreground/70 [&_svg]:size-4">
          {props.icon}
        </span>
      </div>
      <p
        className={cn(
          'mt-2 text-xl font-semibold tracking-tight whitespace-nowrap tabular-nums sm:text-2xl',
          props.tone,
        )}
      >
        {props.value}
      </p>
      {props.hint && <p className="mt-1 text-xs text-muted-foreground">{props.hint}</p>}
    </Card>
  );
}

export interface MetricItem {
  label: string;
  value: string;
  tone?: string | undefined;
  detail?: string | undefined;
  /** A tooltip saying more about the value (what it counts). */
  title?: string | undefined;
}

/** A titled card of label/value pairs, read as a description list. */
export function MetricList(props: { title: string; items: MetricItem[]; className?: string }) {
  return (
    <Card className={cn('p-4 sm:p-5', props.className)}>
      <h2 className="text-base font-semibold tracking-tight">{props.title}</h2>
      <dl className="mt-3 grid gap-x-6 sm:grid-cols-2">
        {props.items.map((item) => (
          <div
            key={item.label}
            className="flex items-baseline justify-between gap-3 border-b border-border/70 py-2 text-sm last:border-0 sm:[&:nth-last-child(2):nth-child(odd)]:border-0"
          >
            <dt className="text-muted-foreground">{item.label}</dt>
            <dd
              title={item.title}
              className={cn('text-right font-medium whitespace-nowrap tabular-nums', item.tone)}
            >
              {item.value}
              {item.detail && (
                <>
                  {' '}
                  <span className="ml-1 text-xs font-normal text-muted-foreground">
                    {item.detail}
                  </span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
