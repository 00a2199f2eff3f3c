import type { ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Card } from '../../../../components/ui/card';

export const CHART_HEIGHT = 260;

/** Theme colours as CSS variables, so a theme switch recolours the SVG without a re-render. */
export const chartColors = {
  primary: 'var(--color-primary)',
  up: 'var(--color-success)',
  down: 'var(--color-destructive)',
  grid: 'var(--color-border)',
  axis: 'var(--color-muted-foreground)',
  ma5: 'oklch(0.72 0.16 60)',
  ma20: 'oklch(0.68 0.14 215)',
};

export const axisProps = {
  stroke: chartColors.axis,
  tick: { fill: chartColors.axis, fontSize: 11 },
  tickLine: false,
  axisLine: { stroke: chartColors.grid },
} as const;

export const tooltipProps = {
  contentStyle: {
    background: 'var(--color-card)',
    border: '1px solid var(--color-border)',
    borderRadius: 8,
    color: 'var(--color-card-foreground)',
    fontSize: 12,
  },
  labelStyle: { color: 'var(--color-muted-foreground)' },
  cursor: { fill: 'var(--color-muted)', opacity: 0.5 },
} as const;

/** A titled card with a responsive chart; the initial size lets jsdom draw it too. */
export function ChartCard({
  title,
  hint,
  actions,
  empty,
  emptyText,
  children,
}: {
  title: string;
  hint: string;
  actions?: ReactNode;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Card role="figure" aria-label={title} className="flex min-w-0 flex-col gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{title}</h3>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
        {actions}
      </div>
      <div style={{ height: CHART_HEIGHT }} className="min-w-0">
        {empty ? (
          <div className="grid h-full place-items-center rounded-lg border border-dashed border-border text-sm text-muted-foreground">
            {emptyText}
          </div>
        ) : (
          <ResponsiveContainer
            width="100%"
            height={CHART_HEIGHT}
            initialDimension={{ width: 560, height: CHART_HEIGHT }}
          >
            {children}
          </ResponsiveContainer>
        )}
      </div>
    </Card>
  );
}
