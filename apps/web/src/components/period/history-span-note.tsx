import { History } from 'lucide-react';
import type { HistorySpan } from '@vortex/core';
import { cn } from '../../lib/cn';
import { brDate, spanDates } from './period';
import { periodTexts as t } from './period-texts';

/** 'Dados de 03/01/2022 a 30/12/2023': how far the current account's data reaches. */
export function HistorySpanNote({
  span,
  className,
}: {
  span: HistorySpan | undefined;
  className?: string;
}) {
  if (!span) return null;
  const dates = spanDates(span);
  return (
    <p
      data-testid="history-span"
      className={cn('flex items-center gap-1.5 text-xs text-muted-foreground', className)}
    >
      <History aria-hidden className="size-3.5 shrink-0" />
      {dates ? t.span(brDate(dates.from), brDate(dates.to)) : t.noDeals}
    </p>
  );
}
