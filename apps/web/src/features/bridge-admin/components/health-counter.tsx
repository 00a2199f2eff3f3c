import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { bridgeAdminTexts as t } from '../messages';
import { healthLevel, type HealthLevel, type HealthMetric } from '../utils/health';

const levelClass: Record<HealthLevel, string> = {
  ok: 'text-success',
  warn: 'text-amber-600 dark:text-amber-400',
  danger: 'text-destructive',
};
const barClass: Record<HealthLevel, string> = {
  ok: 'bg-success',
  warn: 'bg-amber-500',
  danger: 'bg-destructive',
};

const cardClass = 'flex flex-col rounded-lg border border-border bg-background/40 p-4';
// Two lines tall, so the values of a row line up when one label wraps.
const labelClass =
  'min-h-8 text-xs leading-4 font-medium tracking-wide text-muted-foreground uppercase';

/** A counter coloured by the §9 thresholds: green, yellow above warn, red above danger. */
export function HealthCounter({
  metric,
  label,
  value,
}: {
  metric: HealthMetric;
  label: string;
  value: number;
}) {
  const level = healthLevel(metric, value);
  return (
    <div
      data-testid={`health-${metric}`}
      data-level={level}
      className={cn(cardClass, 'relative overflow-hidden')}
    >
      <span aria-hidden className={cn('absolute inset-y-0 left-0 w-1', barClass[level])} />
      <p className={labelClass}>{label}</p>
      <p className={cn('mt-1 text-3xl font-semibold tabular-nums', levelClass[level])}>{value}</p>
      <p className="text-xs text-muted-foreground">{t.health.level[level]}</p>
    </div>
  );
}

/** A plain fact of the health answer: a label over its value. */
export function HealthFact({
  label,
  value,
  hint,
  word = false,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  /** A word rather than a number: smaller, on the numbers' line height, so it fits a phone. */
  word?: boolean;
}) {
  return (
    <div className={cardClass}>
      <p className={labelClass}>{label}</p>
      <p
        className={cn(
          'mt-1 font-semibold tabular-nums',
          word ? 'truncate text-2xl leading-9' : 'text-3xl',
        )}
      >
        {value}
      </p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}
